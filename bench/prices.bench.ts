/**
 * Real prices (issue 18), on PGlite (in this process) and PostgreSQL (a fresh database on
 * DATABASE_URL's server, or a throwaway cluster): importing 100,000 price rows from CSV against a
 * plain COPY of them (≤ 2×), a product's 12-week history and verdict with 1,000,000 observations
 * in the table (≤ 50 ms on PostgreSQL, from an index; the plan is recorded), and price-recipe
 * over derived prices against today's (≤ 1.5×). bench/prices/measure.ts has the details.
 */
import pg from 'pg';
import { onThrowawayPostgres } from './on-postgres.ts';
import { measurePrices } from './prices/measure.ts';
import type { BenchRow } from './types.ts';

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

export default async function pricesBench(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  const pglite = await measurePrices(undefined);
  return [...pglite, ...(await (serverUrl ? inFreshDatabase(serverUrl) : onThrowawayPostgres('prices')))];
}
