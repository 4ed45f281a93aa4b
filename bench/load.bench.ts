/**
 * The stack under load (issue 14): 50 clients doing what the app does for 30 s, on PGlite (in
 * this process) and on PostgreSQL (a throwaway cluster, or DATABASE_URL's server): 0 errors, the
 * p99, and the others' p99 while one client sends the hostile cyclic select in a loop, within
 * 2× of the p99 without it. LOAD_SECONDS=5 for a quick look.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLoad } from './load/measure.ts';
import type { BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function onThrowawayPostgres(): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'scripts', 'with-postgres.sh'),
      ['npx', '--no-install', 'tsx', join(root, 'bench', 'load', 'main.ts')],
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
      if (code !== 0 || !result) reject(new Error(`load bench on PostgreSQL failed (exit ${code})`));
      else resolve(JSON.parse(result) as BenchRow[]);
    });
  });
}

export default async function loadBench(): Promise<BenchRow[]> {
  const pglite = await measureLoad(undefined, 'PGlite');
  return [...pglite, ...(await onThrowawayPostgres())];
}
