/**
 * Row-level security cost: 10,000 users with a household's rows each (own recipes, favourites, a
 * week of meals, cooks, pantry, shopping) on a real PostgreSQL 15, and the app's main reads timed
 * as a signed-in user under RLS against the same reads by the table owner. Target: RLS under
 * 1.5× the owner's time, and every plan on an index (the plans' node types are printed).
 *
 * With DATABASE_URL set, a fresh database is created on that server and dropped afterwards;
 * otherwise the run happens under scripts/with-postgres.sh (a throwaway cluster).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measureRls } from './db-rls/measure.ts';
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

function underThrowawayPostgres(): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'scripts', 'with-postgres.sh'),
      ['npx', '--no-install', 'tsx', join(root, 'bench', 'db-rls', 'main.ts')],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      // pg_virtualenv prints its own lines (e.g. "Dropping cluster …") after ours: the result is
      // the last line that is a JSON array.
      const lines = out.trim().split('\n');
      const result = lines.findLast((line) => line.startsWith('['));
      for (const line of lines) if (line.startsWith('  ')) console.log(line);
      if (code !== 0 || !result) reject(new Error(`db-rls bench failed (exit ${code})`));
      else resolve(JSON.parse(result) as BenchRow[]);
    });
  });
}

export default async function dbRlsBench(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? inFreshDatabase(serverUrl) : underThrowawayPostgres();
}
