/**
 * "What can I cook?" (issue 25): 2,000 recipes × 12 lines against a 200-item pantry, each with
 * its coverage, missing lines and cost to finish at three chains (shared's pantryIndex +
 * whatCanICook, which run in the browser), against a plain loop that sums the same lines: the
 * pantry's amount per ingredient subtracted and the shortfall costed at three per-gram prices (no
 * unit rules, no whole packs). Target: at least 1/5 of the loop's speed (≤ 5× its time) for a
 * pass after a pantry change, the screen's common case; the first pass, which also sums every
 * recipe's lines in their units, is reported beside it.
 */

import type { PantryHolding } from '../shared/basket/needs.ts';
import { type CookableRecipe, pantryIndex, whatCanICook } from '../shared/cook-from-pantry/coverage.ts';
import type { RecipeLine } from '../shared/nutrition/types.ts';
import { emptyPriceRecord, type IngredientPriceRecord } from '../shared/pricing/types.ts';
import { NAMES, QUANTITIES, UNITS } from './sample-lines.ts';
import type { BenchRow } from './types.ts';

const RECIPES = 2000;
const LINES = 12;
const PANTRY = 200;
const INGREDIENTS = 300;
const ROUNDS = 5;
const RUNS = 15;
const TARGET = 5;

const MEASURES = ['500g', '1kg', '1L', '12 pack', '250g', '2L'];

const nameOf = (id: number) => `${NAMES[id % NAMES.length]}${id < NAMES.length ? '' : ` ${id}`}`;

function data() {
  let n = 0;
  const recipes: CookableRecipe[] = Array.from({ length: RECIPES }, (_, r) => ({
    id: `r${r}`,
    name: `Recipe ${r}`,
    portions: 4,
    recipe_ingredients: Array.from({ length: LINES }, (_, l): RecipeLine => {
      const id = (r * 7 + l * 13) % INGREDIENTS;
      const unit = UNITS[n % UNITS.length];
      const quantity = QUANTITIES[n++ % QUANTITIES.length] as string;
      return {
        quantity,
        measurements: unit == null ? null : { name: unit },
        ingredients: { id, name: nameOf(id), protein: 0, carbs: 0, fats: 0, calories: 0 },
      };
    }),
  }));
  const pantry: PantryHolding[] = Array.from({ length: PANTRY }, (_, p) => ({
    name: nameOf(p * 3),
    ingredient_id: p * 3 < INGREDIENTS ? p * 3 : null,
    quantity: 50 + p,
    unit: 'g',
  }));
  const prices = new Map<number, IngredientPriceRecord>();
  for (let id = 0; id < INGREDIENTS; id++) {
    prices.set(id, {
      ...emptyPriceRecord(),
      coles_measure: MEASURES[id % MEASURES.length] as string,
      coles_unit_price_current: 2 + (id % 7),
      woolworths_measure: MEASURES[(id + 1) % MEASURES.length] as string,
      woolworths_unit_price_current: 2.5 + (id % 5),
      aldi_measure: MEASURES[(id + 2) % MEASURES.length] as string,
      aldi_unit_price_current: 1.5 + (id % 6),
    });
  }
  return { recipes, pantry, prices };
}

/** The floor: per recipe, each line's amount less the pantry's, the shortfall costed at three chains. */
function plainLoop(recipes: CookableRecipe[], pantry: PantryHolding[]): number {
  const have = new Map<number, number>();
  for (const item of pantry)
    if (item.ingredient_id !== null) have.set(item.ingredient_id, item.quantity ?? 0);
  let sum = 0;
  for (const recipe of recipes) {
    let coles = 0;
    let woolworths = 0;
    let aldi = 0;
    for (const line of recipe.recipe_ingredients) {
      const id = line.ingredients?.id ?? 0;
      const short = Math.max(0, Number.parseFloat(String(line.quantity)) - (have.get(id) ?? 0));
      coles += short * 0.01;
      woolworths += short * 0.012;
      aldi += short * 0.009;
    }
    sum += Math.min(coles, woolworths, aldi);
  }
  return sum;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) fn();
  return (performance.now() - started) / ROUNDS;
}

export default async function cookFromPantryBench(): Promise<BenchRow[]> {
  const { recipes, pantry, prices } = data();
  const rules = () =>
    whatCanICook(recipes, pantryIndex(pantry, [{ ingredient_id: null, name: 'salt' }]), prices);
  time(rules);
  time(() => plainLoop(recipes, pantry));
  const ruled: number[] = [];
  const loop: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    ruled.push(time(rules));
    loop.push(time(() => plainLoop(recipes, pantry)));
  }
  // The first pass also sums each recipe's lines (kept per recipe after that): fresh copies of the
  // recipes, so nothing is remembered from the passes above.
  const first: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const fresh = recipes.map((recipe) => ({
      ...recipe,
      recipe_ingredients: [...recipe.recipe_ingredients],
    }));
    const started = performance.now();
    whatCanICook(fresh, pantryIndex(pantry, [{ ingredient_id: null, name: 'salt' }]), prices);
    first.push(performance.now() - started);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  // Each run's ratio, then their median: the two sides of a run share the machine's load (shared, noisy).
  const ratio = median(ruled.map((t, i) => t / (loop[i] as number)));
  return [
    {
      name: `first pass (the screen opens), ${RECIPES} recipes × ${LINES} lines (median, browser)`,
      value: median(first),
      unit: 'ms',
    },
    {
      name: `What can I cook? after a pantry change, ${RECIPES} recipes × ${LINES} lines, ${PANTRY}-item pantry, 3 chains (median, browser)`,
      value: median(ruled),
      unit: 'ms',
    },
    { name: 'the same lines summed in a plain loop (median)', value: median(loop), unit: 'ms' },
    {
      name: 'What can I cook? ÷ plain loop',
      value: ratio,
      unit: '×',
      target: `≤ ${TARGET}×`,
      ok: ratio <= TARGET,
    },
  ];
}
