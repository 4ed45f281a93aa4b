import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, rest, restStack, setPgrstConfig } from './rest-support.ts';
import { type TestStack, testDatabases } from './support/stack.ts';

// What PostgREST 12 (v12.2.12) switches by configuration, with the defaults hosted Supabase has
// and the way a project changes them: in-database settings of the authenticator role followed by
// NOTIFY pgrst, 'reload config' (src/PostgREST/Config/Database.hs queryDbSettings;
// docs/references/configuration.rst db-aggregates-enabled, db-plan-enabled, db-schemas).
// Aggregates: Plan.hs validateAggFunctions, hoistSpreadAggFunctions, Query/SqlFragment.hs
// pgFmtApplyAggregate and groupF, test/spec/Feature/Query/AggregateFunctionsSpec.hs.
// Schemas: ApiRequest.hs getSchema, Response.hs profileHeader, Error.hs UnacceptableSchema.
// Plans: MediaType.hs (decodeMediaType, toMime), Plan.hs negotiateContent, SqlFragment.hs explainF.
const SCHEMA = `
create table public.agg_regions (id int primary key, name text not null);
create table public.agg_sales (id int primary key, region_id int not null references public.agg_regions (id), amount numeric not null);
insert into public.agg_regions values (1, 'north'), (2, 'south');
insert into public.agg_sales values (1, 1, 10), (2, 1, 20), (3, 2, 5);

create schema api;
grant usage on schema api to anon, authenticated, service_role;
create table api.notes (id serial primary key, body text not null);
create table api.tags (id serial primary key, note_id int not null references api.notes (id), tag text not null);
grant all on all tables in schema api to anon, authenticated, service_role;
grant all on all sequences in schema api to anon, authenticated, service_role;
-- Unqualified on purpose: PostgREST's search_path is the request's schema, then extra_search_path.
create function api.note_count() returns bigint language plpgsql stable as $$ begin return (select count(*) from notes); end $$;
grant execute on function api.note_count() to anon, authenticated, service_role;
insert into api.notes (body) values ('first');
insert into api.tags (note_id, tag) values (1, 'urgent');
-- Whether the database JIT-compiles a query that costs more than nothing: EXPLAIN ANALYZE
-- reports a "JIT:" section for one it compiled.
create function public.jit_compiles() returns boolean language plpgsql as $$
declare line text;
begin
  perform set_config('jit_above_cost', '0', true);
  for line in execute 'explain (analyze) select sum(amount) from public.agg_sales' loop
    if line like 'JIT:%' then return true; end if;
  end loop;
  return false;
end $$;
grant execute on function public.jit_compiles() to authenticated;
`;

const sortBy = <T extends Record<string, unknown>>(rows: T[], key: string): T[] =>
  [...rows].sort((x, y) => String(x[key]).localeCompare(String(y[key])));

describe.each(testDatabases)('REST configuration on %s (PostgREST 12)', (database) => {
  let stack: TestStack;
  let a: Person;

  beforeAll(async () => {
    [stack, a] = await restStack(database, ['Ana'], SCHEMA);
  });
  afterAll(() => stack?.stop());

  it('aggregates are off by default (PGRST123), yet `count` as a column still counts (backwards compatibility)', async () => {
    const sum = await rest(stack, '/agg_sales?select=amount.sum()', { token: a.token });
    expect(sum.status).toBe(400);
    expect(sum.json).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    });
    expect((await rest(stack, '/agg_sales?select=count()', { token: a.token })).json.code).toBe('PGRST123');
    expect((await a.client.from('agg_sales').select('count')).data).toEqual([{ count: 3 }]);
    const embedded = await a.client.from('agg_regions').select('name, agg_sales(count)').order('id');
    expect(embedded.data).toEqual([
      { name: 'north', agg_sales: [{ count: 2 }] },
      { name: 'south', agg_sales: [{ count: 1 }] },
    ]);
  });

  it('with pgrst.db_aggregates_enabled: count(), sum(), avg(), min(), max(), grouping, casts, embeds, spreads', async () => {
    const enabled = async () =>
      (await rest(stack, '/agg_sales?select=count()', { token: a.token })).status === 200;
    await setPgrstConfig(stack, { db_aggregates_enabled: 'true' }, enabled);
    try {
      expect((await a.client.from('agg_sales').select('count()')).data).toEqual([{ count: 3 }]);
      expect((await a.client.from('agg_sales').select('amount.sum()')).data).toEqual([{ sum: 35 }]);
      const stats = await a.client
        .from('agg_sales')
        .select('amount.max(), amount.min(), n:count(), amount.avg()');
      expect(stats.data).toHaveLength(1);
      expect(stats.data![0]).toMatchObject({ max: 20, min: 5, n: 3 });
      expect(Number(stats.data![0]!.avg)).toBeCloseTo(35 / 3, 10);
      const grouped = await a.client
        .from('agg_sales')
        .select('region_id, total:amount.sum()')
        .order('region_id');
      expect(grouped.data).toEqual([
        { region_id: 1, total: 30 },
        { region_id: 2, total: 5 },
      ]);
      expect((await a.client.from('agg_sales').select('amount.sum()::text')).data).toEqual([{ sum: '35' }]);
      const perRegion = await a.client
        .from('agg_regions')
        .select('name, agg_sales(amount.sum())')
        .order('id');
      expect(perRegion.data).toEqual([
        { name: 'north', agg_sales: [{ sum: 30 }] },
        { name: 'south', agg_sales: [{ sum: 5 }] },
      ]);
      // A to-one spread groups the level above; its aggregates are applied there (hoistSpreadAggFunctions).
      const bySpread = await a.client
        .from('agg_sales')
        .select('total:amount.sum(), ...agg_regions(region:name)');
      expect(bySpread.error).toBeNull();
      expect(sortBy(bySpread.data ?? [], 'region')).toEqual([
        { total: 30, region: 'north' },
        { total: 5, region: 'south' },
      ]);
      const hoisted = await a.client
        .from('agg_sales')
        .select('...agg_regions(region:name, sales:id.count())');
      expect(sortBy(hoisted.data ?? [], 'region')).toEqual([
        { region: 'north', sales: 2 },
        { region: 'south', sales: 1 },
      ]);
    } finally {
      await setPgrstConfig(stack, { db_aggregates_enabled: null }, async () => !(await enabled()));
    }
  });

  it('compiles no query with JIT, as hosted Supabase (its PostgreSQL is built without LLVM)', async () => {
    const { data, error } = await a.client.rpc('jit_compiles');
    expect(error).toBeNull();
    expect(data).toBe(false);
  });

  it('serves the schemas of the configuration: Content-Profile on answers, PGRST106 for others', async () => {
    // supabase/config.toml exposes public and graphql_public, so the schema was negotiated.
    const read = await rest(stack, '/agg_regions?select=id', { token: a.token });
    expect(read.headers.get('content-profile')).toBe('public');
    const graphql = await a.client.schema('graphql_public').from('agg_regions').select('id');
    expect(graphql.status).toBe(404);
    expect(graphql.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'graphql_public.agg_regions' in the schema cache",
    });
    const apiServed = async () =>
      (await rest(stack, '/notes', { token: a.token, headers: { 'Accept-Profile': 'api' } })).status === 200;
    await setPgrstConfig(stack, { db_schemas: 'public, api' }, apiServed);
    try {
      const api = a.client.schema('api');
      expect((await api.from('notes').select('body, tags(tag)')).data).toEqual([
        { body: 'first', tags: [{ tag: 'urgent' }] },
      ]);
      const inserted = await api.from('notes').insert({ body: 'second' }).select('body');
      expect(inserted).toMatchObject({ status: 201, data: [{ body: 'second' }] });
      expect((await api.rpc('note_count')).data).toBe(2);
      const raw = await rest(stack, '/notes?select=body&order=id', {
        token: a.token,
        headers: { 'Accept-Profile': 'api' },
      });
      expect(raw.headers.get('content-profile')).toBe('api');
      const other = await a.client.schema('private').from('notes').select('*');
      expect(other.status).toBe(406);
      expect(other.error).toEqual({
        code: 'PGRST106',
        details: null,
        hint: null,
        message: 'The schema must be one of the following: public, api',
      });
      expect((await a.client.from('agg_regions').select('id')).data).toHaveLength(2);
    } finally {
      await setPgrstConfig(stack, { db_schemas: null }, async () => !(await apiServed()));
    }
  });

  it('explain() is refused while db-plan-enabled is off, as PostgREST words it; answered when on', async () => {
    const off = await a.client.from('agg_regions').select('id').explain();
    expect(off.status).toBe(406);
    expect(off.error).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    });
    const planned = async () =>
      (
        await rest(stack, '/agg_regions', {
          token: a.token,
          headers: { Accept: 'application/vnd.pgrst.plan' },
        })
      ).status === 200;
    await setPgrstConfig(stack, { db_plan_enabled: 'true' }, planned);
    try {
      const text = await a.client.from('agg_regions').select('id').eq('id', 1).explain();
      expect(text.status).toBe(200);
      expect(typeof text.data).toBe('string');
      expect(String(text.data)).toMatch(/agg_regions/);
      const raw = await rest(stack, '/agg_regions?select=id', {
        token: a.token,
        headers: {
          Accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose',
        },
      });
      expect(raw.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose; charset=utf-8',
      );
      expect(raw.text).toMatch(/actual time=/);
      const json = await a.client.from('agg_regions').select('id').explain({ format: 'json' });
      expect(Array.isArray(json.data)).toBe(true);
      expect((json.data as unknown as { Plan: unknown }[])[0]!.Plan).toBeDefined();
    } finally {
      await setPgrstConfig(stack, { db_plan_enabled: null }, async () => !(await planned()));
    }
  });
});
