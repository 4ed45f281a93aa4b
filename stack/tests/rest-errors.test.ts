import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Expected errors follow PostgREST's src/library/PostgREST/Error.hs (codes, messages, statuses),
// Auth/Jwt.hs (PGRST301 for tokens that do not verify, PGRST303 for failed claims such as exp),
// ApiRequest/QueryParams.hs (PGRST100 parse errors) and docs/references/errors.rst.

describe.each(testDatabases)('REST errors on %s', (database) => {
  let stack: TestStack;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    [stack, a, b] = await restStack(database, ['Ana', 'Ben']);
    await a.client.from('cooks').insert({ name: 'Ana’s cook' });
  });
  afterAll(() => stack?.stop());

  const sign = (claims: Record<string, unknown>, secret = stack.jwtSecret) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(secret));

  it('rejects expired, forged and malformed JWTs with 401 and PostgREST’s JSON', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ role: 'authenticated', sub: a.id, exp: now - 60 });
    const res = await rest(stack, '/cooks', { token: expired });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );

    const forged = await sign(
      { role: 'authenticated', sub: a.id, exp: now + 600 },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const bad = await rest(stack, '/cooks', { token: forged });
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ code: 'PGRST301', message: 'JWT cryptographic operation failed' });

    const parts = await rest(stack, '/cooks', { token: 'abc.def' });
    expect(parts.status).toBe(401);
    expect(parts.json).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' });

    // Without Authorization the apikey header is the token (Supabase's gateway); a bad one is refused too.
    const apikeyOnly = await rest(stack, '/cooks', { apikey: forged });
    expect(apikeyOnly.status).toBe(401);
    const none = await rest(stack, '/cooks', { apikey: null });
    expect(none.status).toBe(401);
  });

  it('runs a valid token as its role: anon key reads nothing of a user’s, a user key reads their own', async () => {
    const anon = await rest(stack, '/cooks', { apikey: stack.anonKey });
    expect(anon).toMatchObject({ status: 200, json: [] });
    const mine = await rest(stack, '/cooks?select=name', { token: a.token });
    expect(mine.json).toEqual([{ name: 'Ana’s cook' }]);
    const theirs = await rest(stack, '/cooks?select=name', { token: b.token });
    expect(theirs.json).toEqual([]);
    // The root describes the API (PostgREST's OpenAPI endpoint), tables and functions included.
    const root = await rest(stack, '/', { token: a.token });
    expect(root.status).toBe(200);
    expect(root.json).toMatchObject({ swagger: '2.0', basePath: '/rest/v1' });
    expect(Object.keys(root.json.paths)).toEqual(
      expect.arrayContaining(['/cooks', '/recipes', '/meal_planner']),
    );
    const unknownRole = await sign({ role: 'postgres', exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await rest(stack, '/cooks', { token: unknownRole })).status).toBe(401);
  });

  it('answers malformed query strings with 400 PGRST100 and keeps serving', async () => {
    const cases = [
      ['/cooks?name=nope.x', 'failed to parse filter (nope.x)'],
      ['/cooks?name=in.(a,b', 'failed to parse filter (in.(a,b)'],
      ['/cooks?select=name,(', 'failed to parse select parameter (name,()'],
      ['/cooks?or=(name.eq.a', 'failed to parse logic tree ((name.eq.a)'],
      ['/cooks?order=name.sideways', 'failed to parse order (name.sideways)'],
      ['/cooks?name=is.maybe', 'failed to parse filter (is.maybe)'],
    ] as const;
    for (const [path, message] of cases) {
      const res = await rest(stack, path, { token: a.token });
      expect(res.status, path).toBe(400);
      expect(res.json.code, path).toBe('PGRST100');
      expect(res.json.message, path).toContain(message);
      expect(typeof res.json.details, path).toBe('string');
    }
    const viaJs = await a.client.from('cooks').select('name').or('name.eq.a,broken');
    expect(viaJs).toMatchObject({ status: 400, error: { code: 'PGRST100' } });
    expect((await a.client.from('cooks').select('name')).data).toHaveLength(1);
  });

  it('names unknown tables (404 PGRST205), columns (400 42703) and relationships (400 PGRST200)', async () => {
    const table = await a.client.from('cook').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.cooks'",
      message: "Could not find the table 'public.cook' in the schema cache",
    });
    const column = await a.client.from('cooks').select('nickname');
    expect(column).toMatchObject({
      status: 400,
      error: { code: '42703', message: 'column cooks.nickname does not exist' },
    });
    const filter = await a.client.from('cooks').select('name').eq('nickname', 'x');
    expect(filter).toMatchObject({ status: 400, error: { code: '42703' } });
    const rel = await a.client.from('cooks').select('name, pantry(name)');
    expect(rel.status).toBe(400);
    expect(rel.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'cooks' and 'pantry' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'cooks' and 'pantry' in the schema 'public', but no matches were found.",
    });
    const notEmbedded = await a.client.from('cooks').select('name').eq('pantry.name', 'x');
    expect(notEmbedded).toMatchObject({ status: 400, error: { code: 'PGRST108' } });
    const path = await rest(stack, '/cooks/1', { token: a.token });
    expect(path).toMatchObject({ status: 404, json: { code: 'PGRST125' } });
  });

  it('refuses bodies over the size limit with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const res = await rest(stack, '/cooks', { method: 'POST', token: a.token, body: huge });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ message: 'Request size limit exceeded' });
    expect((await a.client.from('cooks').select('name')).data).toHaveLength(1);
  });

  it('exposes only the configured schemas (406 PGRST106) and only JSON/CSV media types (406 PGRST107)', async () => {
    // PostgREST 12 Error.hs UnacceptableSchema; [api] schemas of supabase/config.toml.
    const other = await a.client.schema('auth').from('users').select('*');
    expect(other.status).toBe(406);
    expect(other.error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: null,
      message: 'The schema must be one of the following: public, graphql_public',
    });
    const xml = await rest(stack, '/cooks', { token: a.token, headers: { Accept: 'application/xml' } });
    expect(xml).toMatchObject({ status: 406, json: { code: 'PGRST107' } });
  });

  it('picks up schema changes (a new migration) without a restart', async () => {
    const before = await a.client.from('rest_notes').select('*');
    expect(before.error?.code).toBe('PGRST205');
    await stack.ctx.db.exec(`
      create table public.rest_notes (
        id bigint generated always as identity primary key,
        user_id uuid not null default auth.uid() references auth.users (id),
        body text not null
      );
      alter table public.rest_notes enable row level security;
      create policy own on public.rest_notes for all to authenticated
        using (user_id = auth.uid()) with check (user_id = auth.uid());
      grant select, insert, update, delete on public.rest_notes to authenticated;`);
    const inserted = await a.client.from('rest_notes').insert({ body: 'hello' }).select('body, user_id');
    expect(inserted).toMatchObject({ status: 201, data: [{ body: 'hello', user_id: a.id }] });
    expect((await b.client.from('rest_notes').select('body')).data).toEqual([]);
    await stack.ctx.db.exec('alter table public.rest_notes add column pinned boolean not null default false');
    const withColumn = await a.client.from('rest_notes').select('body, pinned');
    expect(withColumn.data).toEqual([{ body: 'hello', pinned: false }]);

    // Two foreign keys to the same table make `cooks(...)` ambiguous: 300 PGRST201 until hinted.
    await stack.ctx.db.exec(`
      alter table public.rest_notes
        add column author_id uuid references public.cooks (id),
        add column editor_id uuid references public.cooks (id);`);
    const { data: cook } = await a.client.from('cooks').select('id').limit(1).single();
    await a.client.from('rest_notes').update({ author_id: cook!.id }).eq('body', 'hello');
    const ambiguous = await a.client.from('rest_notes').select('body, cooks(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'rest_notes' and 'cooks'",
      hint: "Try changing 'cooks' to one of the following: 'cooks!rest_notes_author_id_fkey', 'cooks!rest_notes_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
    expect(ambiguous.error?.details).toHaveLength(2);
    const hinted = await a.client
      .from('rest_notes')
      .select('body, author:cooks!author_id(name), editor:cooks!rest_notes_editor_id_fkey(name)');
    expect(hinted.data).toEqual([{ body: 'hello', author: { name: 'Ana’s cook' }, editor: null }]);
  });
});
