import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// Function calls, computed fields and computed relationships as PostgREST 12 (v12.2.12) serves
// them. Sources: src/PostgREST/Plan.hs (findProc, callReadPlan's transaction modes, callPlan),
// Query.hs (actionQuery for DbCall: counts, failExceedsMaxAffectedPref), Query/Statements.hs
// prepareCall, Error.hs (NoRpc, AmbiguousRpc, MaxAffectedViolationError), SchemaCache.hs
// (funcsSqlQuery, allComputedRels) and the docs docs/references/api/functions.rst,
// computed_fields.rst and resource_embedding.rst ("Computed Relationships").
const SCHEMA = `
create table public.fn_items (id int primary key, name text not null, price numeric);
insert into public.fn_items values (1, 'apple', 1.5), (2, 'banana', 0.5), (3, 'cherry', 3);
create table public.fn_log (id serial primary key, label text);
create function public.fn_items_all() returns setof public.fn_items
  language sql stable as $$ select * from public.fn_items order by id $$;
create function public.fn_numbers(n int) returns setof int
  language sql immutable as $$ select generate_series(1, n) $$;
create function public.fn_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.fn_over(a int) returns text language sql immutable as $$ select 'by a' $$;
create function public.fn_over(b text) returns text language sql immutable as $$ select 'by b' $$;
create function public.fn_amb(x int) returns text language sql immutable as $$ select 'one' $$;
create function public.fn_amb(x int, y int default 0) returns text language sql immutable as $$ select 'two' $$;
create function public.fn_echo_text(text) returns text language sql immutable as $$ select 'got: ' || $1 $$;
create function public.fn_len_bytea(bytea) returns int language sql immutable as $$ select length($1) $$;
create function public.fn_write(label text) returns int
  language sql volatile as $$ insert into public.fn_log (label) values (label) returning 1 $$;
create function public.fn_read_only_stable() returns text
  language sql stable as $$ select current_setting('transaction_read_only') $$;
create function public.fn_read_only_volatile() returns text
  language sql volatile as $$ select current_setting('transaction_read_only') $$;
create function public.fn_delete_items() returns setof public.fn_items
  language sql volatile as $$ delete from public.fn_items returning * $$;

create table public.fn_people (id int primary key, first_name text, last_name text);
insert into public.fn_people values (1, 'Ada', 'Lovelace'), (2, 'Alan', 'Turing'), (3, 'Grace', 'Hopper');
create function public.full_name(public.fn_people) returns text
  language sql immutable as $$ select $1.first_name || ' ' || $1.last_name $$;

create table public.fn_teams (id int primary key, name text);
create table public.fn_members (id int primary key, team_id int, name text);
insert into public.fn_teams values (1, 'red'), (2, 'blue'), (3, 'green');
insert into public.fn_members values (1, 1, 'Ann'), (2, 1, 'Bob'), (3, 2, 'Cy');
create function public.members(public.fn_teams) returns setof public.fn_members
  language sql stable as $$ select * from public.fn_members where team_id = $1.id $$;
create function public.team(public.fn_members) returns setof public.fn_teams rows 1
  language sql stable as $$ select * from public.fn_teams where id = $1.team_id $$;
`;

describe.each(testDatabases)('REST functions on %s (PostgREST 12)', (database) => {
  let stack: TestStack;
  let a: Person;

  beforeAll(async () => {
    [stack, a] = await restStack(database, ['Ana'], SCHEMA);
  });
  afterAll(() => stack?.stop());

  it('rpc() with count: exact and estimated count the rows (Statements.hs prepareCall), scalars count 1', async () => {
    const numbers = await a.client.rpc('fn_numbers', { n: 3 }, { count: 'exact' });
    expect(numbers).toMatchObject({ data: [1, 2, 3], count: 3, status: 200, error: null });
    const estimated = await a.client.rpc('fn_numbers', { n: 4 }, { count: 'estimated' });
    expect(estimated.count).toBe(4);
    const filtered = await a.client.rpc('fn_items_all', {}, { count: 'exact' }).gt('price', 1).limit(1);
    expect(filtered).toMatchObject({ data: [{ id: 1, name: 'apple' }], count: 2, status: 206 });
    const scalar = await rest(stack, '/rpc/fn_add', {
      method: 'POST',
      token: a.token,
      headers: { Prefer: 'count=exact' },
      body: { a: 1, b: 2 },
    });
    expect(scalar.text).toBe('3');
    expect(scalar.headers.get('content-range')).toBe('0-0/1');
    expect(scalar.headers.get('preference-applied')).toBe('count=exact');
    expect((await a.client.rpc('fn_add', { a: 1, b: 2 }, { count: 'exact' })).count).toBe(1);
  });

  it('rpc() with head: true answers the count without a body', async () => {
    const head = await a.client.rpc('fn_items_all', {}, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, count: 3, status: 200, error: null });
    const raw = await rest(stack, '/rpc/fn_numbers?n=5', {
      method: 'HEAD',
      token: a.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(raw.status).toBe(200);
    expect(raw.text).toBe('');
    expect(raw.headers.get('content-range')).toBe('0-4/5');
  });

  it('count=planned is not computed for functions: PostgREST answers "*" (supabase-js count NaN)', async () => {
    // Query.hs only runs the planner's estimate (resultSetWTotal) for reads of tables and views.
    const raw = await rest(stack, '/rpc/fn_numbers?n=3', {
      token: a.token,
      headers: { Prefer: 'count=planned' },
    });
    expect(raw.headers.get('content-range')).toBe('0-2/*');
    expect(raw.headers.get('preference-applied')).toBe('count=planned');
    const planned = await a.client.rpc('fn_numbers', { n: 3 }, { count: 'planned' });
    expect(planned.data).toEqual([1, 2, 3]);
    expect(Number.isNaN(planned.count)).toBe(true);
  });

  it('overloaded functions are told apart by their parameter names; several fits are PGRST203', async () => {
    expect((await a.client.rpc('fn_over', { a: 1 })).data).toBe('by a');
    expect((await a.client.rpc('fn_over', { b: 'x' })).data).toBe('by b');
    // findProc: fn_amb(x) and fn_amb(x, y default 0) both take {x}, so neither is chosen.
    const ambiguous = await a.client.rpc('fn_amb', { x: 1 });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.fn_amb(x => integer), public.fn_amb(x => integer, y => integer)',
    });
    expect((await a.client.rpc('fn_amb', { x: 1, y: 2 })).data).toBe('two');
  });

  it('a single unnamed text or bytea parameter takes the whole body by its Content-Type (functions.rst)', async () => {
    const text = await rest(stack, '/rpc/fn_echo_text', {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'text/plain' },
      body: 'hello, "world"',
    });
    expect(text).toMatchObject({ status: 200, json: 'got: hello, "world"' });
    const bytes = await fetch(`${stack.url}/rest/v1/rpc/fn_len_bytea`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${a.token}`,
        'Content-Type': 'application/octet-stream',
      },
      body: new Uint8Array([0, 1, 2, 255]),
    });
    expect(bytes.status).toBe(200);
    expect(await bytes.json()).toBe(4);
    const none = await rest(stack, '/rpc/fn_add', {
      method: 'POST',
      token: a.token,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(none.status).toBe(404);
    expect(none.json).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.fn_add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.fn_add in the schema cache',
    });
  });

  it('max-affected applies to functions too, and the call is rolled back (failExceedsMaxAffectedPref)', async () => {
    // supabase-js types offer .maxAffected() only for PostgREST 13; it sends these headers.
    const strict = (n: number) => ({ Prefer: `handling=strict, max-affected=${n}` });
    const many = await rest(stack, '/rpc/fn_items_all', {
      method: 'POST',
      token: a.token,
      headers: strict(2),
      body: {},
    });
    expect(many.status).toBe(400);
    expect(many.json).toEqual({
      code: 'PGRST124',
      details: 'The query affects 3 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const deleted = await rest(stack, '/rpc/fn_delete_items', {
      method: 'POST',
      token: a.token,
      headers: strict(1),
      body: {},
    });
    expect(deleted.json.code).toBe('PGRST124');
    expect((await a.client.from('fn_items').select('id')).data).toHaveLength(3);
    const within = await rest(stack, '/rpc/fn_items_all', {
      method: 'POST',
      token: a.token,
      headers: strict(3),
      body: {},
    });
    expect(within.status).toBe(200);
    expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=3');
  });

  it('GET and HEAD run read-only, as does POST to a stable function; POST to a volatile one may write', async () => {
    // Plan.hs callReadPlan: InvRead → Read; Inv with Stable/Immutable → Read; Inv with Volatile → Write.
    expect((await a.client.rpc('fn_read_only_stable')).data).toBe('on');
    expect((await a.client.rpc('fn_read_only_volatile')).data).toBe('off');
    expect((await a.client.rpc('fn_read_only_volatile', {}, { get: true })).data).toBe('on');
    const viaGet = await a.client.rpc('fn_write', { label: 'get' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    });
    expect((await a.client.rpc('fn_write', { label: 'post' })).data).toBe(1);
  });

  it('a function of a row type is a computed field: selectable, filterable, orderable, not in * (computed_fields.rst)', async () => {
    const people = await a.client
      .from('fn_people')
      .select('id, full_name')
      .order('full_name', { ascending: false });
    expect(people.data).toEqual([
      { id: 3, full_name: 'Grace Hopper' },
      { id: 2, full_name: 'Alan Turing' },
      { id: 1, full_name: 'Ada Lovelace' },
    ]);
    const one = await a.client.from('fn_people').select('id, name:full_name').eq('full_name', 'Alan Turing');
    expect(one.data).toEqual([{ id: 2, name: 'Alan Turing' }]);
    const star = await a.client.from('fn_people').select('*').eq('id', 1);
    expect(star.data).toEqual([{ id: 1, first_name: 'Ada', last_name: 'Lovelace' }]);
    // Also on the rows a write returns.
    const written = await a.client
      .from('fn_people')
      .insert({ id: 4, first_name: 'Edsger', last_name: 'Dijkstra' })
      .select('id, full_name');
    expect(written.data).toEqual([{ id: 4, full_name: 'Edsger Dijkstra' }]);
  });

  it('a set-returning function of a row type embeds as a relationship; ROWS 1 makes it to-one', async () => {
    const teams = await a.client.from('fn_teams').select('name, members(name)').order('id');
    expect(teams.data).toEqual([
      { name: 'red', members: [{ name: 'Ann' }, { name: 'Bob' }] },
      { name: 'blue', members: [{ name: 'Cy' }] },
      { name: 'green', members: [] },
    ]);
    const members = await a.client.from('fn_members').select('name, team(name)').order('id');
    expect(members.data).toEqual([
      { name: 'Ann', team: { name: 'red' } },
      { name: 'Bob', team: { name: 'red' } },
      { name: 'Cy', team: { name: 'blue' } },
    ]);
    const inner = await a.client
      .from('fn_teams')
      .select('name, members!inner(name)', { count: 'exact' })
      .eq('members.name', 'Cy');
    expect(inner).toMatchObject({ data: [{ name: 'blue', members: [{ name: 'Cy' }] }], count: 1 });
  });
});
