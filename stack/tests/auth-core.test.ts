/**
 * Auth conformance: sign-up, password sign-in, sessions, refresh rotation, get/update user
 * and logout, driven through supabase-js (auth-js) and raw HTTP. Expected behaviour is
 * Supabase Auth's (GoTrue, github.com/supabase/auth); the file and function named in each
 * test is where it is defined.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, authFetch, client, decodeJwt, uniqueEmail, withTuning } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

describe.each(testDatabases)('auth core on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function signedUp(name: string, data: Record<string, unknown> = {}) {
    const email = uniqueEmail(name);
    const sb = client(stack);
    const { data: result, error } = await sb.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data },
    });
    expect(error).toBeNull();
    return { email, sb, session: result.session!, user: result.user! };
  }

  it('signs up with confirmations off and gets a session shaped as GoTrue (signup.go, tokens/service.go)', async () => {
    const email = uniqueEmail('Signup').replace('signup', 'SignUp');
    const sb = client(stack);
    const { data, error } = await sb.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { full_name: 'Sam Cook' } },
    });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    const user = data.user!;
    // GoTrue lower-cases addresses (models.NewUser).
    expect(user.email).toBe(email.toLowerCase());
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({
      full_name: 'Sam Cook',
      email: email.toLowerCase(),
      email_verified: true,
      sub: user.id,
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      aud: 'authenticated',
      sub: user.id,
      email: email.toLowerCase(),
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Sam Cook' },
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    // The database trigger made the profile row; the stack only wrote auth.users.
    const { rows } = await stack.ctx.db.query<{ name: string }>(
      `select name from public.users where id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ name: 'Sam Cook' }]);
  });

  it('refuses a duplicate sign-up with user_already_exists (signup.go, autoconfirm)', async () => {
    const { email } = await signedUp('dup');
    const { data, error } = await client(stack).auth.signUp({
      email: email.toUpperCase(),
      password: 'another-pass',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('refuses short passwords with weak_password and its reasons (password.go)', async () => {
    const { error } = await client(stack).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
    // Raw body: {code, message, weak_password: {reasons}} for API version 2024-01-01.
    const raw = await authFetch(stack, '/signup', { body: { email: uniqueEmail('weak'), password: 'abc' } });
    expect(raw.status).toBe(422);
    expect(raw.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(raw.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('answers the pre-2024 error shape when no API version is sent (errors.go)', async () => {
    const raw = await authFetch(stack, '/signup', {
      body: { email: 'not-an-email', password: 'abcdefg' },
      apiVersion: null,
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    });
    const missing = await authFetch(stack, '/signup', { body: { email: uniqueEmail('nopw') } });
    expect(missing.body).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' });
  });

  it('signs in with the password and refuses a wrong one with invalid_credentials (token.go)', async () => {
    const { email } = await signedUp('signin');
    const sb = client(stack);
    const wrong = await sb.auth.signInWithPassword({ email, password: 'wrong-horse' });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await sb.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever' });
    expect(unknown.error?.code).toBe('invalid_credentials');

    const { data, error } = await sb.auth.signInWithPassword({
      email: email.toUpperCase(),
      password: 'correct-horse',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    const me = await sb.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(data.user?.id);
  });

  it('rotates refresh tokens and tolerates the client losing the last answer (service.go RefreshTokenGrant)', async () => {
    const { session } = await signedUp('rotate');
    const first = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(first.body.access_token as string).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );
    // The old token is the parent of the active one: GoTrue hands back the active token.
    const again = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);

    const unknown = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: 'abcdefghijkl' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });

    // supabase-js refreshSession goes through the same grant.
    const sb = client(stack);
    await sb.auth.setSession({
      access_token: first.body.access_token as string,
      refresh_token: first.body.refresh_token as string,
    });
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.body.refresh_token);
  });

  it('ends the session when a revoked refresh token is reused outside the reuse interval', async () => {
    const { session, sb } = await signedUp('reuse');
    const t1 = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    const t2 = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: t1.body.refresh_token },
    });
    expect(t2.status).toBe(200);
    await withTuning(stack, { refreshTokenReuseInterval: 0 }, async () => {
      const stolen = await authFetch(stack, '/token?grant_type=refresh_token', {
        body: { refresh_token: session.refresh_token },
      });
      expect(stolen.status).toBe(400);
      expect(stolen.body).toEqual({
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
    });
    // The whole family is gone: the latest token and the session's access tokens stop working.
    const latest = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: t2.body.refresh_token },
    });
    expect(latest.status).toBe(400);
    const me = await sb.auth.getUser(t2.body.access_token as string);
    expect(me.data.user).toBeNull();
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it('allows reuse of a revoked token within the reuse interval (refresh_token_reuse_interval = 10)', async () => {
    const { session } = await signedUp('reusewin');
    const t1 = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: t1.body.refresh_token },
    });
    const late = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(late.status).toBe(200);
  });

  it('refuses missing, expired, forged and session-less tokens on GET /user (auth.go requireAuthentication)', async () => {
    const { session, user } = await signedUp('jwt');
    const none = await authFetch(stack, '/user');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });

    const secret = new TextEncoder().encode(stack.jwtSecret);
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const sb = client(stack);
    const old = await sb.auth.getUser(expired);
    expect(old.data.user).toBeNull();
    expect(old.error?.status).toBe(403);
    expect(old.error?.code).toBe('bad_jwt');
    expect(old.error?.message).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );

    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const bad = await sb.auth.getUser(forged);
    expect(bad.error?.code).toBe('bad_jwt');
    const garbage = await authFetch(stack, '/user', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(403);
    expect(garbage.body.code).toBe('bad_jwt');

    // The anon key is a valid JWT without a subject.
    const anon = await authFetch(stack, '/user', { token: stack.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });

    const good = await sb.auth.getUser(session.access_token);
    expect(good.data.user?.id).toBe(user.id);
  });

  it('updates metadata and password; the old password stops working (user.go UserUpdate)', async () => {
    const { sb, email, session } = await signedUp('update', { full_name: 'Pat', colour: 'green' });
    const other = client(stack);
    await other.auth.signInWithPassword({ email, password: 'correct-horse' });

    const meta = await sb.auth.updateUser({ data: { full_name: 'Pat Lee', colour: null } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata.full_name).toBe('Pat Lee');
    expect(meta.data.user?.user_metadata).not.toHaveProperty('colour');

    const weak = await sb.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    const same = await sb.auth.updateUser({ password: 'correct-horse' });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');

    const changed = await sb.auth.updateUser({ password: 'battery-staple' });
    expect(changed.error).toBeNull();
    const oldPw = await client(stack).auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(oldPw.error?.code).toBe('invalid_credentials');
    const newPw = await client(stack).auth.signInWithPassword({ email, password: 'battery-staple' });
    expect(newPw.error).toBeNull();
    // A password change keeps the current session and ends the others (models.User.UpdatePassword).
    expect((await sb.auth.getUser(session.access_token)).error).toBeNull();
    const otherNow = await other.auth.getUser();
    expect(otherNow.error?.name).toBe('AuthSessionMissingError');
  });

  it('logs out with scope local, others and global (logout.go)', async () => {
    const { email } = await signedUp('logout');
    const signIn = async () => {
      const sb = client(stack);
      const { data } = await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
      return { sb, token: data.session!.access_token, refresh: data.session!.refresh_token };
    };
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    const alive = async (token: string) => (await authFetch(stack, '/user', { token })).status === 200;

    expect((await a.sb.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect([await alive(a.token), await alive(b.token), await alive(c.token)]).toEqual([false, true, true]);
    const refreshA = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: a.refresh },
    });
    expect(refreshA.status).toBe(400);

    const d = await signIn();
    expect((await b.sb.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(b.token), await alive(c.token), await alive(d.token)]).toEqual([true, false, false]);

    const e = await signIn();
    expect((await b.sb.auth.signOut()).error).toBeNull();
    expect([await alive(b.token), await alive(e.token)]).toEqual([false, false]);

    const badScope = await authFetch(stack, '/logout?scope=everywhere', { method: 'POST', token: e.token });
    expect(badScope.status).toBe(400);
    expect(badScope.body.code).toBe('validation_failed');
  });

  it('rate-limits failed password sign-ins per e-mail and per IP with over_request_rate_limit', async () => {
    const { email } = await signedUp('limited');
    const { email: bystander } = await signedUp('bystander');
    const sb = client(stack);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await withTuning(
      stack,
      { failedSignInsPerEmail: 3, failedSignInsPerIp: 1000, failedSignInWindowSeconds: 60 },
      async () => {
        for (let i = 0; i < 3; i++) {
          const { error } = await sb.auth.signInWithPassword({ email, password: `wrong-${i}` });
          expect(error?.code).toBe('invalid_credentials');
        }
        // Refused even with the right password, before it is checked.
        const blocked = await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
        expect(blocked.error?.status).toBe(429);
        expect(blocked.error?.code).toBe('over_request_rate_limit');
        expect(blocked.error?.message).toBe('Request rate limit reached');
        // Per address: others on the same IP still sign in.
        expect(
          (await sb.auth.signInWithPassword({ email: bystander, password: 'correct-horse' })).error,
        ).toBeNull();
      },
    );
    // Once the window has passed the address may try again.
    await withTuning(stack, { failedSignInsPerEmail: 3, failedSignInWindowSeconds: 0.5 }, async () => {
      await pause(600);
      expect((await sb.auth.signInWithPassword({ email, password: 'correct-horse' })).error).toBeNull();
    });
    await withTuning(
      stack,
      { failedSignInsPerEmail: 1000, failedSignInsPerIp: 2, failedSignInWindowSeconds: 60 },
      async () => {
        await sb.auth.signInWithPassword({ email: uniqueEmail('x'), password: 'wrong-one' });
        await sb.auth.signInWithPassword({ email: uniqueEmail('y'), password: 'wrong-two' });
        const blocked = await sb.auth.signInWithPassword({ email: bystander, password: 'correct-horse' });
        expect(blocked.error?.status).toBe(429);
        expect(blocked.error?.code).toBe('over_request_rate_limit');
      },
    );
    // The IP counts its failures in a fixed window; a short one lets the rest of the suite go on.
    await withTuning(stack, { failedSignInWindowSeconds: 0.5 }, async () => {
      await pause(600);
      expect(
        (await sb.auth.signInWithPassword({ email: bystander, password: 'correct-horse' })).error,
      ).toBeNull();
    });
  });

  it("removes revoked refresh tokens a day old, as GoTrue's cleanup (models/cleanup.go)", async () => {
    const { session } = await signedUp('cleanup');
    const t1 = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(t1.status).toBe(200);
    const sessionId = decodeJwt(session.access_token).session_id as string;
    const count = async () =>
      (
        await stack.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from auth.refresh_tokens where session_id = $1 and revoked`,
          [sessionId],
        )
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    await stack.ctx.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '25 hours' where session_id = $1 and revoked`,
      [sessionId],
    );
    // Cleanup runs one statement after each state-changing request, in turn.
    for (let i = 0; i < 4 && (await count()) > 0; i++) {
      await authFetch(stack, '/token?grant_type=refresh_token', { body: { refresh_token: 'not-a-token' } });
      await client(stack).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'nothing' });
      await authFetch(stack, '/recover', { body: { email: uniqueEmail('nobody') } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await count()).toBe(0);
    // The session's live token is untouched.
    const t2 = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: t1.body.refresh_token },
    });
    expect(t2.status).toBe(200);
  });

  it('answers malformed requests with clear errors and keeps serving', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${stack.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': type, 'x-supabase-api-version': '2024-01-01' },
        body,
      });
    const garbage = await post('/token?grant_type=password', '{"email": ');
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { code: string }).code).toBe('bad_json');
    const array = await post('/signup', '[1,2]');
    expect(((await array.json()) as { code: string }).code).toBe('bad_json');
    const grant = await post('/token?grant_type=magic', '{}');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    const huge = await post(
      '/signup',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
    const wrongMethod = await fetch(`${stack.url}/auth/v1/signup`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    const long = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail('long'), password: 'x'.repeat(73) },
    });
    expect(long.body).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    // Still serving.
    expect((await authFetch(stack, '/health')).status).toBe(200);
  });

  it('keeps two users apart: each sees only their own user and session', async () => {
    const a = await signedUp('alice', { full_name: 'Alice' });
    const b = await signedUp('bob', { full_name: 'Bob' });
    const meA = await a.sb.auth.getUser();
    const meB = await b.sb.auth.getUser();
    expect(meA.data.user?.email).toBe(a.email);
    expect(meB.data.user?.email).toBe(b.email);
    expect(meA.data.user?.id).not.toBe(meB.data.user?.id);
    await a.sb.auth.updateUser({ data: { full_name: 'Alice Smith' } });
    expect((await b.sb.auth.getUser()).data.user?.user_metadata.full_name).toBe('Bob');
    await a.sb.auth.signOut();
    expect((await b.sb.auth.getUser()).error).toBeNull();
    // B's refresh token never yields A's session.
    const refreshed = await authFetch(stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: b.session.refresh_token },
    });
    expect((refreshed.body.user as { id: string }).id).toBe(b.user.id);
    // Admin view through the service role lists both.
    const { data } = await adminClient(stack).auth.admin.listUsers({ perPage: 1000 });
    const emails = data.users.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([a.email, b.email]));
  });
});
