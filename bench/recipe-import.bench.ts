/**
 * Bringing recipes (issue 24): 10,000 ingredient lines as people write them, each parsed into
 * amount, unit, name and note and matched against 1,000 ingredients with synonyms
 * (parseIngredientLine + matchIngredient, as the import-recipe function does), against the
 * existing quantity parser alone over the same lines' leading amounts. Target: at least 1/10 of
 * the quantity parser's speed (≤ 10× its time), median of runs, each run's two sides measured
 * back to back on the same (shared, noisy) machine.
 */
import { parseQuantity } from '../shared/quantity/parse.ts';
import { parseIngredientLine } from '../shared/recipe-import/ingredient-line.ts';
import { indexIngredients, matchIngredient } from '../shared/recipe-import/match.ts';
import type { BenchRow } from './types.ts';

const LINES = 10_000;
const INGREDIENTS = 1000;
const RUNS = 11;
const TARGET = 10;

const FORMS = [
  (n: string) => `2 cups ${n}, sifted`,
  (n: string) => `1 x 400g can ${n}`,
  (n: string) => `½ bunch ${n}, leaves picked`,
  (n: string) => `250g (9oz) ${n}, softened`,
  (n: string) => `${n}, to taste`,
  (n: string) => `3-4 ${n} cloves`,
  (n: string) => `1 1/2 tbsp ${n}`,
  (n: string) => `a pinch of ${n}`,
];
const NAMES = [
  'plain flour',
  'coriander',
  'capsicum',
  'spring onion',
  'butter',
  'garlic',
  'diced tomatoes',
  'milk',
];

export default async function bench(): Promise<BenchRow[]> {
  const known = Array.from({ length: INGREDIENTS }, (_, id) => ({
    id,
    name: id < NAMES.length ? (NAMES[id] as string) : `ingredient ${id}`,
  }));
  const index = indexIngredients(known);
  // Every line different (1,000 names × 8 forms), so no cache on either side sees a repeat of a
  // whole line; the amounts repeat, as they do in real recipes.
  const lines = Array.from({ length: LINES }, (_, i) =>
    (FORMS[i % FORMS.length] as (n: string) => string)(
      (known[(i * 37) % INGREDIENTS] as { name: string }).name,
    ),
  );
  // The quantity parser's share of the same work: the amount at the start of each line.
  const amounts = lines.map((l) => /^[\d½¼¾/ .-]+/.exec(l)?.[0].trim() ?? '1');

  let sink = 0;
  const full: number[] = [];
  const alone: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    for (const line of lines) {
      const parsed = parseIngredientLine(line, 'au');
      sink += matchIngredient(parsed.name, index)?.ingredient.id ?? 0;
    }
    full.push(performance.now() - started);
    started = performance.now();
    for (const amount of amounts) sink += parseQuantity(amount) || 0;
    alone.push(performance.now() - started);
  }
  if (sink === -1) console.log(sink);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  const ratio = median(full.map((t, i) => t / (alone[i] as number)));
  return [
    {
      name: `parse + match ${LINES.toLocaleString('en-AU')} lines, ${INGREDIENTS} ingredients (median)`,
      value: Math.round(LINES / (median(full) / 1000)),
      unit: 'lines/s',
    },
    {
      name: 'quantity parser alone, same lines (median)',
      value: Math.round(LINES / (median(alone) / 1000)),
      unit: 'lines/s',
    },
    {
      name: 'parse + match time ÷ quantity parser time',
      value: Math.round(ratio * 100) / 100,
      unit: '×',
      target: `≤ ${TARGET}×`,
      ok: ratio <= TARGET,
    },
  ];
}
