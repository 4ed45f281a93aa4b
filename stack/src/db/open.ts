import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SAMPLE_SHIFT_SETTING } from '../../../supabase/seed-data/sql.ts';
import { applyBootstrap, applyMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export interface OpenDbOptions {
  /** A real PostgreSQL; when absent, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** Start from an empty database (migrations and seed applied again). */
  reset?: boolean | undefined;
  /** The repository root holding `supabase/`. */
  root: string;
  log?: (line: string) => void;
  /** Problems worth seeing even in a quiet stack (the database went away, came back). */
  warn?: (line: string) => void;
  /**
   * Seed as if on this day (`YYYY-MM-DD`): the sample price history ends in its week instead of
   * today's (supabase/seed-data/sql.ts), for tests that pin the browser's clock.
   */
  samplePricesToday?: string | undefined;
}

export interface OpenedDb {
  db: Db;
  /** Whether the seed ran (a new database). */
  seeded: boolean;
  migrationsApplied: number;
}

/** Drops what the bootstrap, migrations and seed created, so a PostgreSQL database starts over. */
async function resetPostgres(db: Db): Promise<void> {
  const { rows } = await db.query<{ nspname: string }>(
    `select nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'`,
  );
  for (const { nspname } of rows)
    await db.exec(`drop schema if exists "${nspname.replaceAll('"', '""')}" cascade`);
  await db.exec('create schema public; grant all on schema public to public;');
  await db.exec('drop publication if exists supabase_realtime');
}

/**
 * Opens the stack's database and brings it up to date: bootstrap, pending migrations, and the
 * seed when the database is new (as `supabase db reset` does).
 */
export async function openDb(options: OpenDbOptions): Promise<OpenedDb> {
  const log = options.log ?? (() => undefined);
  const supabaseDir = join(options.root, 'supabase');
  if (options.reset && !options.databaseUrl && options.dataDir) {
    await rm(options.dataDir, { recursive: true, force: true });
  }
  // PGlite creates its data directory but not the folders above it (.local/ on a fresh clone).
  if (!options.databaseUrl && options.dataDir) await mkdir(dirname(options.dataDir), { recursive: true });
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, undefined, options.warn)
    : await openPglite(options.dataDir);
  try {
    if (options.reset && options.databaseUrl) await resetPostgres(db);
    const { rows } = await db.query<{ exists: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
    );
    const isNew = !rows[0]?.exists;
    const bootstrap = await applyBootstrap(db, join(supabaseDir, 'bootstrap'));
    log(`bootstrap: ${bootstrap.length} files`);
    const applied = await applyMigrations(db, join(supabaseDir, 'migrations'));
    log(`migrations: ${applied.length} applied`);
    let seeded = false;
    const seedPath = join(supabaseDir, 'seed.sql');
    if (isNew && existsSync(seedPath)) {
      const seed = await readFile(seedPath, 'utf8');
      await db.transaction(async (tx) => {
        if (options.samplePricesToday !== undefined)
          await tx.query(`select pg_catalog.set_config('${SAMPLE_SHIFT_SETTING}', $1, true)`, [
            options.samplePricesToday,
          ]);
        await tx.exec(seed);
      });
      seeded = true;
      log('seed: applied');
    }
    return { db, seeded, migrationsApplied: applied.length };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
