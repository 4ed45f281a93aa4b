import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBootstrap, applyMigrations } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { createScratchDatabase, testDatabases } from './support/stack.ts';

const SUPABASE = fileURLToPath(new URL('../../supabase', import.meta.url));
/** The first migration of issue 17; everything before it is the database people have today. */
const HOUSEHOLDS = '20261126010000';
const SHARED_TABLES = ['cooks', 'meal_planner', 'pantry', 'shopping'] as const;

/** The units and one ingredient the people's recipe lines name. */
const REFERENCE_SQL = `
insert into public.measurements (name) values ('g') on conflict do nothing;
insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id)
values ('rolled oats', 13, 60, 7, 380, 'AFCD', 'test') on conflict do nothing;
`;

/** Three people with a week's data each, one of them without a profile row (never made by the app). */
const PEOPLE_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
  p || '@example.test', '', '{}', jsonb_build_object('full_name', initcap(p) || ' Tester'), now(), now()
from unnest(array['ana', 'ben', 'cat']) p;

insert into public.recipes (name, user_id, portions) select 'Own dish of ' || email, id, 2 from auth.users;
insert into public.cooks (name, user_id) select c, id from auth.users, unnest(array['Ana', 'Ben']) c;
insert into public.meal_planner (date, user_id, recipe_id, cook_id)
select current_date + d, u.id, r.id, (select c.id from public.cooks c where c.user_id = u.id limit 1)
from auth.users u join public.recipes r on r.user_id = u.id, generate_series(0, 6) d;
insert into public.pantry (name, user_id, quantity, unit) select 'Rice', id, 1, 'kg' from auth.users;
insert into public.shopping (name, user_id, quantity, unit, checked) select 'Milk', id, 2, 'L', true from auth.users;
delete from public.users where email = 'cat@example.test';
`;

type Counts = Record<string, Record<string, number>>;

async function countsByAuthor(db: Db): Promise<Counts> {
  const counts: Counts = {};
  for (const table of SHARED_TABLES) {
    const { rows } = await db.query<{ email: string; n: number }>(
      `select a.email, count(*)::int as n from public.${table} t join auth.users a on a.id = t.user_id group by a.email`,
    );
    counts[table] = Object.fromEntries(rows.map((r) => [r.email, r.n]));
  }
  return counts;
}

async function openDatabase(kind: (typeof testDatabases)[number]) {
  if (kind === 'pglite') {
    const db = await openPglite();
    return { db, drop: async () => db.close() };
  }
  const scratch = await createScratchDatabase();
  const db = await openPostgres(scratch.url);
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

describe.each(testDatabases)('the households migration on a copy of a live database (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('moves each person and their rows into a household of their own, losing nothing', async () => {
    const { db, drop } = await openDatabase(kind);
    cleanups.push(drop);
    const before = await mkdtemp(join(tmpdir(), 'larder-migrations-'));
    cleanups.push(() => rm(before, { recursive: true, force: true }));
    for (const file of await readdir(join(SUPABASE, 'migrations'))) {
      if (file < HOUSEHOLDS) await cp(join(SUPABASE, 'migrations', file), join(before, file));
    }
    await applyBootstrap(db, join(SUPABASE, 'bootstrap'));
    await applyMigrations(db, before);
    // Today's seed is written for today's schema (own ingredients came later), so the copy holds
    // the reference data that schema needs and a week of three people's data.
    await db.exec(REFERENCE_SQL);
    await db.exec(PEOPLE_SQL);
    const counts = await countsByAuthor(db);
    expect(counts.meal_planner).toEqual({
      'ana@example.test': 7,
      'ben@example.test': 7,
      'cat@example.test': 7,
    });

    const applied = await applyMigrations(db, join(SUPABASE, 'migrations'));
    expect(applied[0]?.version).toBe(HOUSEHOLDS);

    expect(await countsByAuthor(db)).toEqual(counts);
    const { rows: households } = await db.query<{
      email: string;
      members: number;
      role: string;
      active: boolean;
    }>(
      `select a.email, (select count(*)::int from public.household_members o where o.household_id = m.household_id) as members,
         m.role, u.household_id = m.household_id as active
       from auth.users a join public.users u on u.id = a.id join public.household_members m on m.user_id = a.id
       order by a.email`,
    );
    expect(households).toEqual(
      ['ana', 'ben', 'cat'].map((p) => ({
        email: `${p}@example.test`,
        members: 1,
        role: 'owner',
        active: true,
      })),
    );
    for (const table of SHARED_TABLES) {
      const { rows } = await db.query<{ misplaced: number }>(
        `select count(*)::int as misplaced from public.${table} t join public.users u on u.id = t.user_id
         where t.household_id is distinct from u.household_id`,
      );
      expect(rows[0]!.misplaced, table).toBe(0);
    }
    // Every meal's cook is in the meal's household.
    const { rows: cooks } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.meal_planner m join public.cooks c on c.id = m.cook_id
       where c.household_id <> m.household_id`,
    );
    expect(cooks[0]!.n).toBe(0);
  });
});
