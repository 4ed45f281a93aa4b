/**
 * Shop the week (issue 19): the plan as the list to buy, for 21 meals × 12 lines against a
 * 200-item pantry, with shared's shoppingNeeds, against a plain loop that sums the same amounts
 * by ingredient and subtracts the same pantry (no unit rules). Target: at least 1/5 of the
 * loop's speed (≤ 5× its time).
 */
import { type PantryHolding, type PlannedMeal, shoppingNeeds } from '../shared/basket/needs.ts';
import type { RecipeLine } from '../shared/nutrition/types.ts';
import { NAMES, QUANTITIES, UNITS } from './sample-lines.ts';
import type { BenchRow } from './types.ts';

const MEALS = 21;
const LINES = 12;
const PANTRY = 200;
const ROUNDS = 300;
const RUNS = 7;
const TARGET = 5;

function plan(): { meals: PlannedMeal[]; pantry: PantryHolding[] } {
  let n = 0;
  const next = <T>(list: readonly T[]): T => list[n++ % list.length] as T;
  const meals = Array.from({ length: MEALS }, (_, m) => ({
    label: `meal ${m}`,
    portions: 2 + (m % 3),
    recipe: {
      portions: 4,
      recipe_ingredients: Array.from({ length: LINES }, (_, l): RecipeLine => {
        const id = (m * 7 + l * 3) % NAMES.length;
        return {
          quantity: next(QUANTITIES),
          measurements: next(UNITS) === null ? null : { name: String(UNITS[n % UNITS.length] ?? 'g') },
          ingredients: { id, name: NAMES[id] as string, protein: 0, carbs: 0, fats: 0, calories: 0 },
        };
      }),
    },
  }));
  const pantry = Array.from({ length: PANTRY }, (_, p) => ({
    name: p < NAMES.length ? (NAMES[p] as string) : `pantry thing ${p}`,
    ingredient_id: p < NAMES.length ? p : null,
    quantity: 50 + p,
    unit: 'g',
  }));
  return { meals, pantry };
}

/** The floor: amounts summed by ingredient id, the pantry's grams subtracted, nothing else. */
function plainLoop(meals: PlannedMeal[], pantry: PantryHolding[]): number {
  const sums = new Map<number, number>();
  for (const meal of meals) {
    for (const line of meal.recipe.recipe_ingredients) {
      const id = line.ingredients?.id ?? 0;
      sums.set(id, (sums.get(id) ?? 0) + Number.parseFloat(String(line.quantity)) * 2);
    }
  }
  for (const item of pantry) {
    if (item.ingredient_id !== null && sums.has(item.ingredient_id)) {
      sums.set(
        item.ingredient_id,
        Math.max(0, (sums.get(item.ingredient_id) as number) - (item.quantity ?? 0)),
      );
    }
  }
  return sums.size;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) fn();
  return (performance.now() - started) / ROUNDS;
}

export default async function basketBench(): Promise<BenchRow[]> {
  const { meals, pantry } = plan();
  time(() => shoppingNeeds(meals, pantry));
  time(() => plainLoop(meals, pantry));
  const rules: number[] = [];
  const loop: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    rules.push(time(() => shoppingNeeds(meals, pantry)));
    loop.push(time(() => plainLoop(meals, pantry)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  const ratio = median(rules) / median(loop);
  return [
    {
      name: `plan → list, ${MEALS} meals × ${LINES} lines, ${PANTRY}-item pantry (median)`,
      value: median(rules),
      unit: 'ms',
    },
    { name: 'the same amounts summed in a plain loop (median)', value: median(loop), unit: 'ms' },
    {
      name: 'plan → list ÷ plain loop',
      value: ratio,
      unit: '×',
      target: `≤ ${TARGET}×`,
      ok: ratio <= TARGET,
    },
  ];
}
