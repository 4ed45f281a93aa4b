/**
 * Domain library throughput: nutrition + pricing of 10,000 recipes × 12 ingredient lines
 * (issue 3), as recipes per second and as a ratio against the floor, a plain loop over the same
 * lines that coerces and sums the same numbers (quantity, four nutrients, six prices) with no
 * rules at all. Target: within 5× of the floor.
 *
 * The recipes are generated from a fixed seed in the shapes supabase-js delivers: quantities as
 * text ('200', '1 1/2', '½', 'to taste') or numbers, numeric columns as numbers or strings, a few
 * hundred ingredient names spelled as people write them, and price records with pack measures.
 */
import { nutritionPerPortion } from '../shared/nutrition/per-portion.ts';
import { priceRecipe } from '../shared/pricing/price-recipe.ts';
import type { IngredientPriceRecord, PricedLine } from '../shared/pricing/types.ts';
import { CUP_PORTIONS } from '../shared/units/data/cup-weights.ts';
import { ITEM_WEIGHTS } from '../shared/units/data/item-weights.ts';
import { TEASPOON_PORTIONS } from '../shared/units/data/teaspoon-weights.ts';
import type { BenchRow } from './types.ts';

const RECIPES = 10_000;
const LINES = 12;
const RUNS = 7;
const TARGET = 5;

interface Recipe {
  portions: number | null;
  lines: PricedLine[];
}

/** Mulberry32: a small seeded PRNG, so every run prices the same recipes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(): Recipe[] {
  const random = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const base = [
    ...TEASPOON_PORTIONS.map((r) => r[0]),
    ...CUP_PORTIONS.map((r) => r[0]),
    ...ITEM_WEIGHTS.map((r) => r.name),
    'beef mince',
    'chicken thigh fillets',
    'egg noodles',
    'tofu',
  ];
  const spell = (name: string): string => {
    const r = random();
    if (r < 0.2) return name[0]?.toUpperCase() + name.slice(1);
    if (r < 0.3) return `${name}s`;
    if (r < 0.4) return `${name}, finely chopped`;
    if (r < 0.45) return name.split(' ').reverse().join(', ');
    return name;
  };
  const names = base.map(spell);
  const quantities: readonly (string | number | null)[] = [
    '200',
    '1 1/2',
    '½',
    '2',
    'to taste',
    '1/3',
    3,
    0.5,
    '250',
    null,
    '1½',
  ];
  const units: readonly (string | null)[] = [
    'g',
    'g',
    'kg',
    'mL',
    'cup',
    'tbsp',
    'tsp',
    'piece',
    'clove',
    null,
    'pinch',
    'can',
  ];
  const measures: readonly (string | null)[] = [
    '500g',
    '1kg',
    '1L',
    '2L',
    '250 mL',
    '12 pack',
    '1.5kg',
    '400g',
    null,
  ];
  const money = (): number | string | null => {
    const r = random();
    if (r < 0.1) return null;
    const v = Math.round((1 + random() * 12) * 100) / 100;
    return r < 0.5 ? v : v.toFixed(2);
  };
  const record = (): IngredientPriceRecord => ({
    coles_measure: pick(measures),
    woolworths_measure: pick(measures),
    aldi_measure: pick(measures),
    coles_unit_price_current: money(),
    woolworths_unit_price_current: money(),
    aldi_unit_price_current: money(),
    coles_unit_price_past: money(),
    woolworths_unit_price_past: money(),
    aldi_unit_price_past: money(),
  });
  const nutrient = (max: number): number | string => {
    const v = Math.round(random() * max * 10) / 10;
    return random() < 0.5 ? v : String(v);
  };
  const recipes: Recipe[] = [];
  for (let i = 0; i < RECIPES; i++) {
    const lines: PricedLine[] = [];
    for (let j = 0; j < LINES; j++) {
      const id = Math.floor(random() * names.length);
      lines.push({
        quantity: pick(quantities),
        measurements: (() => {
          const u = pick(units);
          return u === null ? null : { name: u };
        })(),
        ingredients: {
          id,
          name: names[id] as string,
          protein: nutrient(30),
          carbs: nutrient(80),
          fats: nutrient(40),
          calories: nutrient(900),
        },
        prices: random() < 0.05 ? null : record(),
      });
    }
    recipes.push({ portions: random() < 0.2 ? null : 1 + Math.floor(random() * 6), lines });
  }
  return recipes;
}

/** The floor: touch and sum the same numbers, no rules. */
function floorPass(recipes: Recipe[]): number {
  let check = 0;
  for (const recipe of recipes) {
    const portions = recipe.portions ?? 1;
    let calories = 0;
    let protein = 0;
    let carbs = 0;
    let fats = 0;
    let coles = 0;
    let woolworths = 0;
    let aldi = 0;
    let past = 0;
    for (const line of recipe.lines) {
      const q = Number(line.quantity) || 0;
      const ing = line.ingredients;
      if (ing !== null) {
        calories += q * (Number(ing.calories) || 0);
        protein += q * (Number(ing.protein) || 0);
        carbs += q * (Number(ing.carbs) || 0);
        fats += q * (Number(ing.fats) || 0);
      }
      const p = line.prices;
      if (p !== null) {
        coles += q * (Number(p.coles_unit_price_current) || 0);
        woolworths += q * (Number(p.woolworths_unit_price_current) || 0);
        aldi += q * (Number(p.aldi_unit_price_current) || 0);
        past +=
          (Number(p.coles_unit_price_past) || 0) +
          (Number(p.woolworths_unit_price_past) || 0) +
          (Number(p.aldi_unit_price_past) || 0);
      }
    }
    check += (calories + protein + carbs + fats + coles + woolworths + aldi + past) / portions;
  }
  return check;
}

/** The real thing: nutrition per portion and a full price breakdown per recipe. */
function domainPass(recipes: Recipe[]): number {
  let check = 0;
  for (const recipe of recipes) {
    const n = nutritionPerPortion(recipe.lines, recipe.portions);
    const price = priceRecipe(recipe.lines, { portions: recipe.portions });
    check += n.caloriesPerPortion + price.chains.coles.per_portion + price.lines.length;
  }
  return check;
}

function time(pass: (r: Recipe[]) => number, recipes: Recipe[]): number {
  const start = performance.now();
  const check = pass(recipes);
  const ms = performance.now() - start;
  if (!Number.isFinite(check)) throw new Error('benchmark pass produced a non-finite checksum');
  return ms;
}

export default async function domainBench(): Promise<BenchRow[]> {
  const recipes = generate();
  // Warm up both paths (JIT, and the name, quantity and measure caches a real server keeps warm).
  floorPass(recipes);
  domainPass(recipes);
  // Alternate the two and keep each one's best run, so load from other processes on a shared
  // machine hits both alike.
  let floorMs = Number.POSITIVE_INFINITY;
  let domainMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    floorMs = Math.min(floorMs, time(floorPass, recipes));
    domainMs = Math.min(domainMs, time(domainPass, recipes));
  }
  const ratio = domainMs / floorMs;
  const details = { recipes: RECIPES, lines: LINES, runs: RUNS, floorMs, domainMs };
  return [
    {
      name: 'nutrition + pricing, 10k recipes × 12 lines',
      value: (RECIPES / domainMs) * 1000,
      unit: 'recipes/s',
      details,
    },
    {
      name: 'floor: plain loop summing the same numbers',
      value: (RECIPES / floorMs) * 1000,
      unit: 'recipes/s',
    },
    {
      name: 'nutrition + pricing vs floor',
      value: ratio,
      unit: '× floor',
      target: `≤ ${TARGET}× floor`,
      ok: ratio <= TARGET,
      details,
    },
  ];
}
