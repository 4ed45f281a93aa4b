/**
 * Row-level security cost: 10,000 users with a household's rows each (own recipes, favourites, a
 * week of meals, cooks, pantry, shopping) on a real PostgreSQL 15, and the app's main reads timed
 * as a signed-in user under RLS against the same reads by the table owner. Target: RLS under
 * 1.5× the owner's time, and every plan on an index (the plans' node types are printed).
 *
 * With DATABASE_URL set, a fresh database is created on that server and dropped afterwards;
 * otherwise the run happens under scripts/with-postgres.sh (a throwaway cluster).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measureRls } from './db-rls/measure.ts';
import { onThrowawayPostgres } from './on-postgres.ts';
import type { BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function inFreshDatabase(serverUrl: string): Promise<BenchRow[]> {
  const name = `larder_bench_rls_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await measureRls(url.toString(), root);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default async function dbRlsBench(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? inFreshDatabase(serverUrl) : onThrowawayPostgres('db-rls');
}
