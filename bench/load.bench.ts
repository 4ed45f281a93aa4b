/**
 * The stack under load (issue 14): 50 clients doing what the app does for 30 s, on PGlite (in
 * this process) and on PostgreSQL (a throwaway cluster, or DATABASE_URL's server): 0 errors, the
 * p99, and the others' p99 while one client sends the hostile cyclic select in a loop, within
 * 2× of the p99 without it. LOAD_SECONDS=5 for a quick look.
 */
import { measureLoad } from './load/measure.ts';
import { onThrowawayPostgres } from './on-postgres.ts';
import type { BenchRow } from './types.ts';

export default async function loadBench(): Promise<BenchRow[]> {
  const pglite = await measureLoad(undefined, 'PGlite');
  return [...pglite, ...(await onThrowawayPostgres('load'))];
}
