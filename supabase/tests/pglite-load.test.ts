import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../stack/src/db/index.ts';
import { openDb, withClaims } from '../../stack/src/db/index.ts';
import { applyBootstrap } from '../../stack/src/db/migrate.ts';

// The same bootstrap, migrations and seed that npm run test:db proves on PostgreSQL 15 load into
// PGlite (the local stack's default database), and the security they define holds there too.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const hasSeed = existsSync(join(root, 'supabase', 'seed.sql'));

let db: Db;
let seeded = false;
const alice = '00000000-0000-4000-8000-00000000a11c';
const bob = '00000000-0000-4000-8000-000000000b0b';

const asUser = <T>(sub: string, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
  withClaims(db, { role: 'authenticated', sub, aud: 'authenticated' }, fn);
const asAnon = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => withClaims(db, { role: 'anon' }, fn);

/** The SQLSTATE a statement fails with, or 'ok'. */
async function sqlState(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code ?? error);
  }
}

beforeAll(async () => {
  const opened = await openDb({ root });
  db = opened.db;
  seeded = opened.seeded;
  for (const [id, name] of [
    [alice, 'Alice Tester'],
    [bob, 'Bob Tester'],
  ] as const) {
    await db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, jsonb_build_object('full_name', $3::text))`,
      [id, `${name.split(' ')[0]?.toLowerCase()}@example.test`, name],
    );
  }
});

afterAll(async () => {
  await db?.close();
});

describe('PGlite loads the database', () => {
  it('applies every migration and records it as the Supabase CLI does', async () => {
    const files = (await readdir(join(root, 'supabase', 'migrations'))).filter((f) => f.endsWith('.sql'));
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    expect(rows[0]?.n).toBe(files.length);
  });

  it('accepts the bootstrap again (idempotent)', async () => {
    await expect(applyBootstrap(db, join(root, 'supabase', 'bootstrap'))).resolves.toBeDefined();
  });

  it('has row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(11);
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
  });

  it('publishes the (rt) tables to supabase_realtime', async () => {
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by tablename`,
    );
    expect(rows.map((r) => r.tablename)).toEqual([
      'cooks',
      'favourites',
      'household_members',
      'households',
      'meal_planner',
      'pantry',
      'price_imports',
      'recipes',
      'shopping',
      'users',
    ]);
  });

  it.runIf(hasSeed)(
    'loads the seed: default recipes with ingredient lines, ingredients, prices',
    async () => {
      expect(seeded).toBe(true);
      const { rows } = await db.query<{
        recipes: number;
        lines: number;
        ingredients: number;
        prices: number;
      }>(
        `select (select count(*)::int from recipes where is_default) as recipes,
              (select count(*)::int from recipe_ingredients) as lines,
              (select count(*)::int from ingredients) as ingredients,
              (select count(*)::int from ingredient_prices) as prices`,
      );
      expect(rows[0]?.recipes).toBeGreaterThanOrEqual(40);
      expect(rows[0]?.lines).toBeGreaterThanOrEqual(40 * 6);
      expect(rows[0]?.ingredients).toBeGreaterThanOrEqual(150);
      expect(rows[0]?.prices).toBeGreaterThan(0);
    },
  );
});

describe('row-level security in PGlite', () => {
  it('creates the profile of a new auth user, visible to its owner only', async () => {
    const own = await asUser(alice, (tx) =>
      tx.query<{ id: string; name: string; avatar_url: string }>('select * from users'),
    );
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0]?.id).toBe(alice);
    expect(own.rows[0]?.name).toBe('Alice Tester');
    expect(own.rows[0]?.avatar_url).toMatch(
      /^\/avatars\/(apple|banana|broccoli|orange|strawberry|lemon|lime|tomato)\.svg$/,
    );
    const anon = await asAnon((tx) => tx.query('select * from users'));
    expect(anon.rows).toHaveLength(0);
  });

  it('shows default recipes to everyone signed in, own recipes to their owner, nothing to anon', async () => {
    await db.query(`insert into recipes (name, is_default) values ('PGlite default', true)`);
    await asUser(alice, (tx) => tx.query(`insert into recipes (name) values ('Alice only')`));
    const names = async (sub: string) =>
      (
        await asUser(sub, (tx) =>
          tx.query<{ name: string }>(
            `select name from recipes where name in ('PGlite default', 'Alice only') order by name`,
          ),
        )
      ).rows.map((r) => r.name);
    expect(await names(alice)).toEqual(['Alice only', 'PGlite default']);
    expect(await names(bob)).toEqual(['PGlite default']);
    expect((await asAnon((tx) => tx.query('select * from recipes'))).rows).toHaveLength(0);
    const changed = await asUser(bob, (tx) =>
      tx.query(`update recipes set name = 'x' where name = 'PGlite default'`),
    );
    expect(changed.affectedRows).toBe(0);
  });

  it('refuses writes to reference data and prices', async () => {
    const state = await sqlState(() =>
      asUser(alice, (tx) => tx.query(`insert into measurements (name) values ('pglite-unit')`)),
    );
    expect(state).toBe('42501');
  });

  it('keeps cook names unique per user and guards cooks still assigned to meals', async () => {
    await asUser(alice, (tx) => tx.query(`insert into cooks (name) values ('Sam')`));
    expect(
      await sqlState(() => asUser(alice, (tx) => tx.query(`insert into cooks (name) values (' sam ')`))),
    ).toBe('23505');
    expect(
      await sqlState(() => asUser(bob, (tx) => tx.query(`insert into cooks (name) values ('Sam')`))),
    ).toBe('ok');
    await asUser(alice, (tx) =>
      tx.query(
        `insert into meal_planner (date, cook_id) select current_date, id from cooks where name = 'Sam'`,
      ),
    );
    expect(
      await sqlState(() => asUser(alice, (tx) => tx.query(`delete from cooks where name = 'Sam'`))),
    ).toBe('23503');
    const bobsView = await asUser(bob, (tx) =>
      tx.query<{ user_id: string }>('select user_id from meal_planner'),
    );
    expect(bobsView.rows).toHaveLength(0);
  });
});
