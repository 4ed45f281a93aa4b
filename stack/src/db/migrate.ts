import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './types.ts';

export interface MigrationFile {
  /** The timestamp prefix, as the Supabase CLI records it. */
  version: string;
  name: string;
  path: string;
}

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Migration files named as the CLI names them: `<version>_<name>.sql`. */
export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  return (await sqlFiles(dir)).flatMap((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    return match ? [{ version: match[1]!, name: match[2]!, path: join(dir, file) }] : [];
  });
}

/**
 * What Supabase's image provides and the migrations rely on (roles, the auth schema, the
 * publication), for databases that are not Supabase. Each file is idempotent and re-applied at
 * every start so that additions reach existing local databases.
 */
export async function applyBootstrap(db: Db, dir: string): Promise<string[]> {
  const files = await sqlFiles(dir);
  for (const file of files) {
    try {
      await db.exec(await readFile(join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`bootstrap ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return files;
}

/**
 * Applies migrations not yet recorded, each in its own transaction, recording them in
 * `supabase_migrations.schema_migrations` exactly as `supabase migration up` does, so the CLI
 * and the stack agree on what a database has.
 */
export async function applyMigrations(db: Db, dir: string): Promise<MigrationFile[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((r) => r.version));
  const applied: MigrationFile[] = [];
  for (const migration of await listMigrations(dir)) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [migration.version, [sql], migration.name],
        );
      });
    } catch (error) {
      throw new Error(
        `migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    applied.push(migration);
  }
  return applied;
}
