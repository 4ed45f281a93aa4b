/**
 * Real prices (issue 18), on PGlite (in this process) and PostgreSQL (a fresh database on
 * DATABASE_URL's server, or a throwaway cluster): importing 100,000 price rows from CSV against a
 * plain COPY of them (≤ 2×), a product's 12-week history and verdict with 1,000,000 observations
 * in the table (≤ 50 ms on PostgreSQL, from an index; the plan is recorded), and price-recipe
 * over derived prices against today's (≤ 1.5×). bench/prices/measure.ts has the details.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measurePrices } from './prices/measure.ts';
import type { BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function inFreshDatabase(serverUrl: string): Promise<BenchRow[]> {
  const name = `larder_bench_prices_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await measurePrices(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function underThrowawayPostgres(): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'scripts', 'with-postgres.sh'),
      ['npx', '--no-install', 'tsx', join(root, 'bench', 'prices', 'main.ts')],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const result = out
        .trim()
        .split('\n')
        .findLast((line) => line.startsWith('['));
      if (code !== 0 || !result) reject(new Error(`prices bench on PostgreSQL failed (exit ${code})`));
      else resolve(JSON.parse(result) as BenchRow[]);
    });
  });
}

export default async function pricesBench(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  const pglite = await measurePrices(undefined);
  return [...pglite, ...(await (serverUrl ? inFreshDatabase(serverUrl) : underThrowawayPostgres()))];
}
