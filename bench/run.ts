/**
 * `npm run bench`: runs every `bench/*.bench.ts` module (or those named on the command line),
 * prints one table and writes `bench/results/<name>.json` per module.
 *
 * A bench module default-exports `async () => BenchRow[]`. Targets are ratios against a
 * baseline measured in the same process where that is possible, because the machines are
 * shared and noisy.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

await mkdir(join(here, 'results'), { recursive: true });
const table: (BenchRow & { bench: string })[] = [];
let failures = 0;
for (const file of files) {
  const name = basename(file, '.bench.ts');
  process.stdout.write(`running ${name}…\n`);
  try {
    const mod = (await import(join(here, file))) as { default: () => Promise<BenchRow[]> };
    const rows = await mod.default();
    table.push(...rows.map((r) => ({ bench: name, ...r })));
    await writeFile(
      join(here, 'results', `${name}.json`),
      `${JSON.stringify({ bench: name, at: new Date().toISOString(), rows }, null, 2)}\n`,
    );
  } catch (error) {
    failures++;
    console.error(`bench ${name} failed:`, error);
  }
}

console.table(
  table.map((r) => ({
    bench: r.bench,
    measure: r.name,
    value: Number.isFinite(r.value) ? Number(r.value.toPrecision(4)) : r.value,
    unit: r.unit,
    target: r.target ?? '',
    met: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  })),
);
process.exitCode = failures > 0 ? 1 : 0;
