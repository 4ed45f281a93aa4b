/**
 * Ingredient-line display throughput: `displayAmount` (shared/display) over every line of the 46
 * seed recipes at eight portion scales, as lines per second. A recipe page re-renders its lines on
 * every portion change, so the target is 50,000 lines/s: a 12-line recipe in under 0.25 ms.
 * `npm run bench domain` runs it beside the nutrition + pricing benchmark.
 */

import { displayAmount } from '../shared/display/amount.ts';
import { parseQuantity } from '../shared/quantity/parse.ts';
import { BREAKFASTS } from '../supabase/seed-data/recipes/breakfast.ts';
import { DINNERS } from '../supabase/seed-data/recipes/dinner.ts';
import { LUNCHES } from '../supabase/seed-data/recipes/lunch.ts';
import { SNACKS } from '../supabase/seed-data/recipes/snack.ts';
import type { BenchRow } from './types.ts';

const SCALES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const REPEAT = 25;
const RUNS = 7;
const TARGET = 50_000;

interface Line {
  quantity: string;
  unit: string | null;
  name: string;
}

function lines(): Line[] {
  const out: Line[] = [];
  for (const recipe of [...BREAKFASTS, ...LUNCHES, ...DINNERS, ...SNACKS]) {
    for (const [quantity, unit, name] of recipe.lines) out.push({ quantity, unit, name });
  }
  return out;
}

function pass(all: Line[]): number {
  let check = 0;
  for (let r = 0; r < REPEAT; r++) {
    for (const scale of SCALES) {
      for (const line of all) {
        const shown = displayAmount(parseQuantity(line.quantity) * scale, line.unit, line.name);
        check += shown.text.length + shown.quantity;
      }
    }
  }
  return check;
}

export default async function domainDisplayBench(): Promise<BenchRow[]> {
  const all = lines();
  pass(all);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const check = pass(all);
    best = Math.min(best, performance.now() - start);
    if (!Number.isFinite(check)) throw new Error('display pass produced a non-finite checksum');
  }
  const count = all.length * SCALES.length * REPEAT;
  const perSecond = (count / best) * 1000;
  return [
    {
      name: 'ingredient lines shown (displayAmount), seed recipes × 8 scales',
      value: perSecond,
      unit: 'lines/s',
      target: `≥ ${TARGET} lines/s`,
      ok: perSecond >= TARGET,
      details: { lines: all.length, scales: SCALES, calls: count, runs: RUNS, bestMs: best },
    },
  ];
}
