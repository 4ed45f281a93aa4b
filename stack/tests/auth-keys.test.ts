import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import type { SigningJwk } from '../src/auth/signing.ts';
import { subscribe, waitFor } from './realtime-support.ts';
import { rest } from './rest-support.ts';
import { adminClient, authFetch, client, uniqueEmail, withTuning } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

// Asymmetric JWT signing keys as hosted Supabase issues them and as `supabase/config.toml`'s
// `signing_keys_path` configures them for the CLI (apps/cli-go/pkg/config/auth.go JWK,
// internal/gen/signingkeys: private JWKs with kid, alg, key_ops ["sign","verify"]). GoTrue signs
// with the key whose key_ops include "sign" and puts its kid in the header (internal/conf/jwk.go),
// publishes the public halves at /.well-known/jwks.json with use "sig" and key_ops ["verify"]
// (internal/api/jwks.go), and still accepts tokens without a kid signed with the legacy HS256
// secret (auth.go parseJWTClaims), which the anon and service_role keys are. supabase-js's
// getClaims() verifies asymmetric tokens against that JWKS without asking the Auth API.

async function signingKey(alg: 'ES256' | 'RS256', kid: string): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg, use: 'sig', key_ops: ['sign', 'verify'], ext: true };
}

const header = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));

describe.each(testDatabases)('Auth signing keys on %s', (database) => {
  let stack: TestStack;
  let es256: SigningJwk;
  let rs256: SigningJwk;

  beforeAll(async () => {
    // Kids of their own: supabase-js caches JWKS per storage key, the same for every local stack.
    es256 = await signingKey('ES256', randomUUID());
    rs256 = await signingKey('RS256', randomUUID());
    stack = await startTestStack({ database, auth: { signingKeys: [es256] } });
    await stack.ctx.db.exec(`
      create table public.key_notes (id serial primary key, user_id uuid not null default auth.uid(), body text not null);
      alter table public.key_notes enable row level security;
      create policy "Own notes" on public.key_notes for all to authenticated
        using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
      grant all on public.key_notes to authenticated;
      grant usage on sequence public.key_notes_id_seq to authenticated;`);
  });
  afterAll(() => stack?.stop());

  it('signs access tokens with the ES256 key and its kid; the JWKS shows its public half only', async () => {
    const sb = client(stack);
    const { data } = await sb.auth.signUp({ email: uniqueEmail('es256'), password: 'signing-keys-1' });
    expect(header(data.session!.access_token)).toEqual({ alg: 'ES256', kid: es256.kid, typ: 'JWT' });
    const res = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await res.json()) as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    const { d: _d, ...publicPart } = es256;
    expect(jwks.keys[0]).toEqual({ ...publicPart, use: 'sig', key_ops: ['verify'] });
  });

  it('getClaims() verifies locally against the JWKS; RLS, the admin API and the legacy HS256 keys keep working', async () => {
    const calls: string[] = [];
    const sb = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as never },
      global: {
        fetch: (input, init) => {
          calls.push(String(input instanceof Request ? input.url : input));
          return fetch(input, init);
        },
      },
    });
    const { data } = await sb.auth.signUp({ email: uniqueEmail('claims'), password: 'signing-keys-1' });
    calls.length = 0;
    const claims = await sb.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data!.claims).toMatchObject({ sub: data.user!.id, role: 'authenticated', aal: 'aal1' });
    expect(calls.map((u) => new URL(u).pathname)).toEqual(['/auth/v1/.well-known/jwks.json']);
    // RLS sees the user behind the ES256 token.
    expect((await sb.from('key_notes').insert({ body: 'mine' }).select('user_id')).data).toEqual([
      { user_id: data.user!.id },
    ]);
    expect((await sb.auth.getUser()).data.user!.id).toBe(data.user!.id);
    // The anon and service_role keys are HS256 without a kid, signed with the legacy secret.
    expect(header(stack.anonKey)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect((await rest(stack, '/key_notes?select=body')).json).toEqual([]);
    const listed = await adminClient(stack).auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(listed.error).toBeNull();
  });

  it('refuses a token signed by a key it does not know, and verifies RS256 keys too', async () => {
    // The same kid, another private key: the signature cannot verify.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })
      .setProtectedHeader({ alg: 'ES256', kid: es256.kid, typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(privateKey);
    const viaRest = await rest(stack, '/key_notes', { token: forged });
    expect(viaRest.status).toBe(401);
    expect(viaRest.json.code).toBe('PGRST301');
    const viaAuth = await authFetch(stack, '/user', { token: forged });
    expect(viaAuth).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    await withTuning(stack, { signingKeys: [rs256, { ...es256, key_ops: ['verify'] }] }, async () => {
      const sb = client(stack);
      const { data } = await sb.auth.signUp({ email: uniqueEmail('rs256'), password: 'signing-keys-1' });
      expect(header(data.session!.access_token)).toEqual({ alg: 'RS256', kid: rs256.kid, typ: 'JWT' });
      expect((await sb.auth.getClaims()).data!.claims.sub).toBe(data.user!.id);
      expect((await sb.from('key_notes').select('body')).data).toEqual([]);
      const keys = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: JWK[];
      };
      expect(keys.keys.map((k) => k.kid)).toEqual([rs256.kid, es256.kid]);
    });
  });

  it('Edge Functions with verify_jwt accept the asymmetric user token end to end (add-cook)', async () => {
    const sb = client(stack);
    const { data } = await sb.auth.signUp({ email: uniqueEmail('fn'), password: 'signing-keys-1' });
    expect(header(data.session!.access_token).alg).toBe('ES256');
    const invoked = await sb.functions.invoke('add-cook', { body: { name: 'Kid' } });
    expect(invoked.error).toBeNull();
    expect(invoked.data.cook).toMatchObject({ name: 'Kid' });
  });

  it('Realtime accepts the asymmetric user token too, and delivers the user’s own changes', async () => {
    const sb = client(stack);
    const { data } = await sb.auth.signUp({ email: uniqueEmail('rt'), password: 'signing-keys-1' });
    expect(header(data.session!.access_token).alg).toBe('ES256');
    await sb.realtime.setAuth(data.session!.access_token);
    const changes: unknown[] = [];
    const channel = sb
      .channel(`keys-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'cooks' }, (p) => changes.push(p));
    const subscribed = await subscribe(channel);
    expect(subscribed.statuses).toContain('SUBSCRIBED');
    await waitFor(() => subscribed.system.some((m) => m.status === 'ok'), 10_000, 'postgres_changes ready');
    expect((await sb.from('cooks').insert({ name: 'Realtime kid' })).error).toBeNull();
    await waitFor(() => changes.length > 0, 10_000, 'the change');
    await sb.removeAllChannels();
  });
});

describe('Auth without signing keys (the stack default)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database: 'pglite' });
  });
  afterAll(() => stack?.stop());

  it('signs with the HS256 secret, publishes an empty JWKS, and getClaims() asks the Auth API', async () => {
    const jwks = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
    const sb = client(stack);
    const { data } = await sb.auth.signUp({ email: uniqueEmail('hs256'), password: 'signing-keys-1' });
    expect(header(data.session!.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect((await sb.auth.getClaims()).data!.claims.sub).toBe(data.user!.id);
  });
});
