import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a bench script (`bench/<name>/main.ts`, which measures against DATABASE_URL and prints its
 * rows as the last JSON line) under scripts/with-postgres.sh: a throwaway PostgreSQL 15 cluster
 * made for the run and dropped after it.
 */
export function onThrowawayPostgres(name: string): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'scripts', 'with-postgres.sh'),
      ['npx', '--no-install', 'tsx', join(root, 'bench', name, 'main.ts')],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out.trim().split('\n');
      // pg_virtualenv prints its own lines ("Dropping cluster …") after ours; the indented ones are
      // the script's progress.
      for (const line of lines) if (line.startsWith('  ')) console.log(line);
      const result = lines.findLast((line) => line.startsWith('['));
      if (code !== 0 || !result) reject(new Error(`${name} bench on PostgreSQL failed (exit ${code})`));
      else resolve(JSON.parse(result) as BenchRow[]);
    });
  });
}
