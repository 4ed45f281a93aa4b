import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchRow } from '../types.ts';
import { applySchema, GENERATE_SQL, USERS } from './load.ts';

/** A sampled person: who they are and the household they work in. */
interface Person {
  id: string;
  household: string;
}

/** The app's main reads (spec 7), each as the web app sends it through PostgREST. */
const QUERIES: { name: string; sql: string; params: (p: Person) => unknown[] }[] = [
  {
    name: 'favourites by user',
    sql: 'select recipe_id from public.favourites where user_id = $1',
    params: (p) => [p.id],
  },
  {
    name: 'household meal window (today … +7)',
    sql: `select id, date, recipe_id, cook_id from public.meal_planner
          where household_id = $1 and date between current_date and current_date + 7 order by date`,
    params: (p) => [p.household],
  },
  {
    name: 'household shopping list',
    sql: 'select id, name, quantity, unit, checked from public.shopping where household_id = $1 order by checked, name',
    params: (p) => [p.household],
  },
  {
    name: 'visible recipes with ingredient lines',
    sql: `select r.id, r.name, r.portions, r.is_default,
            coalesce((
              select json_agg(json_build_object('quantity', l.quantity, 'measurements', json_build_object('name', m.name),
                'ingredients', json_build_object('id', i.id, 'name', i.name, 'protein', i.protein, 'carbs', i.carbs,
                  'fats', i.fats, 'calories', i.calories)) order by l.position)
              from public.recipe_ingredients l
              join public.ingredients i on i.id = l.ingredient_id
              left join public.measurements m on m.id = l.measurement_id
              where l.recipe_id = r.id
            ), '[]') as recipe_ingredients
          from public.recipes r
          where r.user_id = $1 or r.is_default or r.household_id = $2`,
    params: (p) => [p.id, p.household],
  },
];

const SAMPLE_USERS = 150;
const ROUNDS = 3;
const TARGET_RATIO = 1.5;

type Mode = 'owner' | 'rls';

async function timed(
  client: pg.Client,
  mode: Mode,
  person: Person,
  sql: string,
  params: unknown[],
): Promise<number> {
  await client.query('begin');
  if (mode === 'rls') {
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: person.id, role: 'authenticated', aud: 'authenticated' })],
    );
  }
  const start = performance.now();
  await client.query(sql, params);
  const elapsed = performance.now() - start;
  await client.query('commit');
  return elapsed;
}

/** Node types of a JSON plan, and the relations read by sequential scans. */
function planNodes(plan: Record<string, unknown>, types: Set<string>, seqScans: Set<string>): void {
  const nodeType = String(plan['Node Type']);
  types.add(nodeType);
  if (nodeType === 'Seq Scan') seqScans.add(String(plan['Relation Name']));
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? [])
    planNodes(child, types, seqScans);
}

async function explain(client: pg.Client, mode: Mode, person: Person, sql: string, params: unknown[]) {
  await client.query('begin');
  if (mode === 'rls') {
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: person.id, role: 'authenticated' })],
    );
  }
  const literal = params.reduce<string>(
    (text, value, i) => text.replaceAll(`$${i + 1}`, `'${value}'::uuid`),
    sql,
  );
  const { rows } = await client.query(`explain (format json) ${literal}`);
  await client.query('rollback');
  const types = new Set<string>();
  const seqScans = new Set<string>();
  planNodes((rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan, types, seqScans);
  return { types: [...types].sort(), seqScans: [...seqScans].sort() };
}

/** Tables small enough (reference data) that a sequential scan is the right plan. */
const SMALL_TABLES = new Set(['measurements', 'ingredients', 'ingredient_prices']);

/**
 * Loads 10,000 users into the (empty) database at databaseUrl and times the app's main reads as a
 * signed-in user under row-level security against the same reads by the table owner (no RLS).
 */
export async function measureRls(databaseUrl: string, root: string): Promise<BenchRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const loadStart = performance.now();
    await applySchema(client, root);
    await client.query(GENERATE_SQL);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const { rows: counts } = await client.query<Record<string, number>>(
      `select (select count(*)::int from public.users) users, (select count(*)::int from public.recipes) recipes,
              (select count(*)::int from public.recipe_ingredients) recipe_ingredients,
              (select count(*)::int from public.favourites) favourites, (select count(*)::int from public.cooks) cooks,
              (select count(*)::int from public.meal_planner) meal_planner, (select count(*)::int from public.pantry) pantry,
              (select count(*)::int from public.shopping) shopping,
              (select count(*)::int from public.households h where exists (select from public.household_members m where m.household_id = h.id)) households`,
    );
    const { rows: people } = await client.query<Person>(
      `select id, household_id as household from public.users order by md5(id::text) limit ${SAMPLE_USERS}`,
    );
    const rows: BenchRow[] = [
      {
        name: `load ${USERS.toLocaleString('en-AU')} users`,
        value: loadSeconds,
        unit: 's',
        details: counts[0] ?? {},
      },
    ];

    for (const q of QUERIES) {
      // Warm both paths so neither pays for a cold cache.
      for (const u of people.slice(0, 20)) {
        await timed(client, 'owner', u, q.sql, q.params(u));
        await timed(client, 'rls', u, q.sql, q.params(u));
      }
      const total: Record<Mode, number> = { owner: 0, rls: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        for (const u of people) {
          // Alternate which goes first so drift on a shared machine hits both equally.
          const order: Mode[] = round % 2 === 0 ? ['owner', 'rls'] : ['rls', 'owner'];
          for (const mode of order) total[mode] += await timed(client, mode, u, q.sql, q.params(u));
        }
      }
      const calls = ROUNDS * people.length;
      const ratio = total.rls / total.owner;
      const person = people[0]!;
      const plans = {
        owner: await explain(client, 'owner', person, q.sql, q.params(person)),
        rls: await explain(client, 'rls', person, q.sql, q.params(person)),
      };
      const indexed = (p: { types: string[]; seqScans: string[] }) =>
        p.types.some((t) => t.includes('Index')) && p.seqScans.every((t) => SMALL_TABLES.has(t));
      const plansOk = indexed(plans.owner) && indexed(plans.rls);
      console.log(
        `  ${q.name}: RLS plan ${plans.rls.types.join(', ')}; owner plan ${plans.owner.types.join(', ')}`,
      );
      rows.push({
        name: `${q.name}: RLS ÷ owner`,
        value: ratio,
        unit: '×',
        target: `< ${TARGET_RATIO}× and every plan uses an index`,
        ok: ratio < TARGET_RATIO && plansOk,
        details: {
          rlsMsPerQuery: total.rls / calls,
          ownerMsPerQuery: total.owner / calls,
          queriesPerMode: calls,
          rlsPlanNodes: plans.rls.types,
          ownerPlanNodes: plans.owner.types,
          rlsSeqScans: plans.rls.seqScans,
          ownerSeqScans: plans.owner.seqScans,
        },
      });
      rows.push({ name: `${q.name}: RLS`, value: total.rls / calls, unit: 'ms/query' });
    }
    return rows;
  } finally {
    await client.end();
  }
}
