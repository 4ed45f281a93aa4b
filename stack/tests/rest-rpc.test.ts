import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Expected behaviour follows PostgREST's docs/references/api/functions.rst (named arguments in
// a POST body or GET query string, SETOF results filtered and embedded like tables, scalar
// results as JSON values, void → 204) and Error.hs (PGRST202 unknown function → 404).
// The schema has no public functions, so these are created here as a migration would.
const FUNCTIONS = `
create function public.rest_add(a integer, b integer default 10) returns integer
  language sql immutable as $$ select a + b $$;
create function public.rest_my_cooks() returns setof public.cooks
  language sql stable as $$ select * from public.cooks $$;
create function public.rest_first_cook() returns public.cooks
  language sql stable as $$ select * from public.cooks order by name limit 1 $$;
create function public.rest_touch(label text) returns void
  language sql as $$ insert into public.pantry (name) values (label) $$;
create function public.rest_ranges() returns table (id integer, span int4range, doc jsonb)
  language sql immutable as $$
    values (1, int4range(1, 5), '{"a": {"b": "x"}, "n": 1}'::jsonb),
           (2, int4range(5, 9), '{"a": {"b": "y"}, "n": 2}'::jsonb),
           (3, int4range(20, 30), '{"a": {"b": "z"}, "n": 3}'::jsonb) $$;
create function public.rest_tags(tags text[]) returns integer
  language sql immutable as $$ select cardinality(tags) $$;
create function public.rest_numbers() returns table (n integer)
  language sql immutable as $$ select generate_series(1, 1500) $$;
create function public.rest_echo(jsonb) returns jsonb
  language sql immutable as $$ select $1 || '{"echoed": true}'::jsonb $$;
create function public.rest_whoami() returns text
  language sql stable as $$ select coalesce(auth.uid()::text, 'anon') $$;
`;

describe.each(testDatabases)('REST RPC on %s', (database) => {
  let stack: TestStack;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    [stack, a, b] = await restStack(database, ['Ana', 'Ben'], FUNCTIONS);
    await a.client.from('cooks').insert([{ name: 'Zoe' }, { name: 'Max' }]);
    await b.client.from('cooks').insert({ name: 'Bea' });
  });
  afterAll(() => stack?.stop());

  it('calls with named arguments by POST and GET, using parameter defaults', async () => {
    expect(await a.client.rpc('rest_add', { a: 2, b: 3 })).toMatchObject({
      data: 5,
      status: 200,
      error: null,
    });
    expect((await a.client.rpc('rest_add', { a: 2 })).data).toBe(12);
    expect((await a.client.rpc('rest_add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
    const raw = await rest(stack, '/rpc/rest_add?a=40&b=2', { token: a.token });
    expect(raw).toMatchObject({ status: 200, json: 42 });
    expect((await a.client.rpc('rest_tags', { tags: ['a', 'b', 'c'] })).data).toBe(3);
    expect((await a.client.rpc('rest_tags', { tags: ['a', 'b'] }, { get: true })).data).toBe(2);
  });

  it('runs as the caller: RLS applies inside SETOF functions and auth.uid() is the caller', async () => {
    const mine = await a.client.rpc('rest_my_cooks').select('name').order('name');
    expect(mine.data).toEqual([{ name: 'Max' }, { name: 'Zoe' }]);
    const theirs = await b.client.rpc('rest_my_cooks').select('name');
    expect(theirs.data).toEqual([{ name: 'Bea' }]);
    expect((await a.client.rpc('rest_whoami')).data).toBe(a.id);
    expect((await b.client.rpc('rest_whoami')).data).toBe(b.id);
    const one = await a.client.rpc('rest_first_cook').select('name');
    expect(one.data).toEqual({ name: 'Max' });
  });

  it('filters, orders, limits, counts and embeds SETOF results like a table', async () => {
    const filtered = await a.client.rpc('rest_my_cooks').select('name, user_id').eq('name', 'Zoe');
    expect(filtered.data).toEqual([{ name: 'Zoe', user_id: a.id }]);
    const counted = await a.client
      .rpc('rest_my_cooks', {}, { count: 'exact' })
      .select('name')
      .order('name')
      .limit(1);
    expect(counted).toMatchObject({ data: [{ name: 'Max' }], count: 2 });
    const single = await a.client.rpc('rest_my_cooks').select('name').eq('name', 'Max').single();
    expect(single.data).toEqual({ name: 'Max' });
    const { data: cook } = await a.client.from('cooks').select('id').eq('name', 'Max').single();
    await a.client.from('meal_planner').insert({ date: '2026-11-27', cook_id: cook!.id });
    const embedded = await a.client.rpc('rest_my_cooks').select('name, meal_planner(date)').eq('name', 'Max');
    expect(embedded.data).toEqual([{ name: 'Max', meal_planner: [{ date: '2026-11-27' }] }]);
  });

  it('applies range operators and JSON paths to function results', async () => {
    const query = () => a.client.rpc('rest_ranges').select('id').order('id');
    const ids = async (build: (q: ReturnType<typeof query>) => PromiseLike<{ data: unknown }>) =>
      ((await build(query())).data as { id: number }[]).map((r) => r.id);
    expect(await ids((q) => q.rangeGt('span', '[10,15)'))).toEqual([3]);
    expect(await ids((q) => q.rangeGte('span', '[5,6)'))).toEqual([2, 3]);
    expect(await ids((q) => q.rangeLt('span', '[10,15)'))).toEqual([1, 2]);
    expect(await ids((q) => q.rangeLte('span', '[1,6)'))).toEqual([1]);
    expect(await ids((q) => q.rangeAdjacent('span', '[9,20)'))).toEqual([2, 3]);
    expect(await ids((q) => q.overlaps('span', '[4,6)'))).toEqual([1, 2]);
    expect(await ids((q) => q.eq('doc->a->>b', 'y'))).toEqual([2]);
    const paths = await a.client.rpc('rest_ranges').select('id, inner:doc->a->>b, doc->n').eq('id', 3);
    expect(paths.data).toEqual([{ id: 3, inner: 'z', n: 3 }]);
  });

  it('returns at most max_rows (supabase/config.toml [api] max_rows = 1000) rows, as db-max-rows does', async () => {
    const res = await a.client.rpc('rest_numbers', {}, { count: 'exact' }).select('n');
    expect(res.data).toHaveLength(1000);
    expect(res).toMatchObject({ count: 1500, status: 206 });
    const page = await a.client.rpc('rest_numbers').select('n').range(1490, 1600);
    expect((page.data as { n: number }[]).map((r) => r.n)).toEqual([
      1491, 1492, 1493, 1494, 1495, 1496, 1497, 1498, 1499, 1500,
    ]);
  });

  it('passes the whole body to a function with a single unnamed json parameter', async () => {
    const res = await a.client.rpc('rest_echo', { any: 'thing', n: 2 });
    expect(res).toMatchObject({ status: 200, data: { any: 'thing', n: 2, echoed: true } });
  });

  it('answers 204 for void functions and the write happens as the caller', async () => {
    const res = await a.client.rpc('rest_touch', { label: 'from rpc' });
    expect(res).toMatchObject({ status: 204, error: null, data: null });
    expect((await a.client.from('pantry').select('name')).data).toEqual([{ name: 'from rpc' }]);
    expect((await b.client.from('pantry').select('name')).data).toEqual([]);
  });

  it('runs GET calls read-only: a function that writes answers 405 (25006)', async () => {
    const res = await rest(stack, '/rpc/rest_touch?label=via-get', { token: a.token });
    expect(res.status).toBe(405);
    expect(res.json).toMatchObject({ code: '25006' });
    expect((await a.client.from('pantry').select('name').eq('name', 'via-get')).data).toEqual([]);
  });

  it('reports unknown functions and argument sets with 404 PGRST202', async () => {
    const unknown = await a.client.rpc('rest_addd', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.rest_addd with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rest_add',
      message: 'Could not find the function public.rest_addd(a) in the schema cache',
    });
    const wrongArgs = await a.client.rpc('rest_add', { x: 1 });
    expect(wrongArgs).toMatchObject({
      status: 404,
      error: {
        code: 'PGRST202',
        message: 'Could not find the function public.rest_add(x) in the schema cache',
      },
    });
    const badValue = await a.client.rpc('rest_add', { a: 'one' });
    expect(badValue).toMatchObject({ status: 400, error: { code: '22P02' } });
    const patch = await rest(stack, '/rpc/rest_add', { method: 'PATCH', token: a.token, body: { a: 1 } });
    expect(patch).toMatchObject({ status: 405, json: { code: 'PGRST101' } });
  });
});
