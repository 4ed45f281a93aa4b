/**
 * Bringing recipes (issue 24): 10,000 different ingredient lines as people write them, each parsed
 * into amount, unit, name and note and matched against 1,000 ingredients with synonyms
 * (parseIngredientLine + matchIngredient, as the import does), against the existing quantity
 * parser alone over the same lines (parseQuantity given each line). Target: at least 1/10 of the
 * quantity parser's speed (≤ 10× its time), median of runs, each run's two sides measured back to
 * back on the same (shared, noisy) machine.
 *
 * Every line is different, and there are more of them than either side's memo holds, so neither
 * is timing a cache. (Given only the lines' leading amounts, which repeat as they do in recipes,
 * the quantity parser answers from its memo, a map lookup of ~30 ns: that figure is reported too,
 * but it measures the memo, not parsing.)
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
  // 8 forms × 1,250 names (the 1,000 known and 250 Larder does not have): 10,000 different lines.
  const names = [...known.map((k) => k.name), ...Array.from({ length: 250 }, (_, k) => `unknown thing ${k}`)];
  const lines = Array.from({ length: LINES }, (_, i) =>
    (FORMS[i % FORMS.length] as (n: string) => string)(names[Math.floor(i / FORMS.length)] as string),
  );
  if (new Set(lines).size !== LINES) throw new Error('the bench lines repeat');
  // The quantity parser's share of the same work: the amount at the start of each line.
  const amounts = lines.map((l) => /^[\d½¼¾/ .-]+/.exec(l)?.[0].trim() ?? '1');

  let sink = 0;
  const full: number[] = [];
  const alone: number[] = [];
  const memo: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    for (const line of lines) {
      const parsed = parseIngredientLine(line, 'au');
      sink += matchIngredient(parsed.name, index)?.ingredient.id ?? 0;
    }
    full.push(performance.now() - started);
    started = performance.now();
    for (const line of lines) sink += parseQuantity(line) || 0;
    alone.push(performance.now() - started);
    started = performance.now();
    for (const amount of amounts) sink += parseQuantity(amount) || 0;
    memo.push(performance.now() - started);
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
      name: "quantity parser on the lines' leading amounts, from its memo (median)",
      value: Math.round(LINES / (median(memo) / 1000)),
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
