/**
 * Local stack start-up (issue 5: "first start on a fresh clone under 30 seconds"): a new
 * persisted PGlite database (bootstrap, every migration and the seed applied), then a restart
 * on that same data directory (nothing to apply), both until the gateway answers. Each start
 * runs in a child process, as `npm run stack` does, so module loading and PGlite's WASM
 * compilation are counted too.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_START_TARGET_S = 30;

/** Starts the stack on a free port, waits for /health, stops it; returns seconds to ready. */
function timeStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'stack/src/main.ts'),
        '--port',
        '0',
        '--quiet',
        '--data-dir',
        dataDir,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the stack did not start within 180 s'));
    }, 180_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /API URL: (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || child.killed) return;
      fetch(`${url}/health`)
        .then((res) => {
          if (!res.ok) throw new Error(`health answered ${res.status}`);
          const seconds = (performance.now() - started) / 1000;
          clearTimeout(timer);
          child.once('exit', () => resolve(seconds));
          child.kill('SIGTERM');
        })
        .catch((error) => {
          clearTimeout(timer);
          child.kill('SIGKILL');
          reject(error);
        });
    });
    child.on('error', reject);
  });
}

export default async function stackBench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'larder-bench-stack-'));
  try {
    const dataDir = join(dir, 'db');
    const first = await timeStart(dataDir);
    const restart = await timeStart(dataDir);
    return [
      {
        name: 'first start: new PGlite database, migrations + seed, until /health answers',
        value: first,
        unit: 's',
        target: `< ${FIRST_START_TARGET_S} s`,
        ok: first < FIRST_START_TARGET_S,
      },
      { name: 'restart on the same data directory', value: restart, unit: 's' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
