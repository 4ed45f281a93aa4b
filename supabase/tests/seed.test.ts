import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { numericQuantity } from 'numeric-quantity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUnitOf } from '../../shared/basket/needs.ts';
import { gramsPerUnit } from '../../shared/units/to-grams.ts';
import { openDb } from '../../stack/src/db/open.ts';
import type { Db } from '../../stack/src/db/types.ts';
import {
  type ChainPrice,
  INGREDIENTS,
  MEASUREMENTS,
  PRICE_DATE,
  PRICES,
  type PriceSource,
  RECIPES,
} from '../seed-data/index.ts';
import { LOOSE } from '../seed-data/prices.ts';
import { SHOP_CATEGORY_OF } from '../seed-data/shop-categories.ts';
import { recipeId, renderSeedSql } from '../seed-data/sql.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ingredientNames = new Set(INGREDIENTS.map((i) => i.name));
const CHAINS = ['coles', 'woolworths', 'aldi'] as const;

/** Spec 9 pack factors for weights and volumes; a count ('12 each') weighs its items. */
const PACK_FACTORS: Record<string, number> = { mL: 1, L: 1000, g: 1, kg: 1000 };
function packGrams(measure: string, ingredient: string): number {
  const counted = /^(\d+) each$/.exec(measure);
  if (counted) return Number(counted[1]) * gramsPerUnit('piece', ingredient);
  const match = /^(\d+(?:\.\d+)?)(mL|L|g|kg)$/.exec(measure);
  if (!match) return 0;
  return Number(match[1]) * PACK_FACTORS[match[2]!]!;
}

/** Energy must sit near the Atwater estimate, between "fibre counted" and "fibre not counted". */
function atwaterGap(i: (typeof INGREDIENTS)[number]): number {
  const upper = 4 * i.protein + 4 * i.carbs + 9 * i.fats;
  const lower = upper - 4 * i.fibre;
  if (i.calories > upper) return i.calories - upper;
  if (i.calories < lower) return lower - i.calories;
  return 0;
}

const MEAT_OR_FISH = new Set([
  'chicken breast',
  'diced beef',
  'beef mince',
  'lean beef mince',
  'extra-lean beef mince',
  'pork mince',
  'bacon',
  'turkey breast',
  'salmon',
  'barramundi',
  'white fish',
  'prawn',
  'tinned tuna',
  'tinned sardine',
  'fish sauce',
  'oyster sauce',
  'chicken stock',
]);
const ANIMAL_PRODUCTS = new Set([
  ...MEAT_OR_FISH,
  'egg',
  'full-cream milk',
  'low-fat milk',
  'butter',
  'unsalted butter',
  'ghee',
  'cheddar',
  'parmesan',
  'mozzarella',
  'feta',
  'cottage cheese',
  'greek yoghurt',
  'natural yoghurt',
  'thickened cream',
  'sour cream',
  'honey',
  'mayonnaise',
]);

describe('seed data: measurements', () => {
  it('has every unit name the shared converter keys on, once each', () => {
    const required =
      'g kg mL L tsp tbsp cup clove piece packet slice can bunch head stick fillet stalk sprig sheet pinch handful unit';
    expect([...MEASUREMENTS].sort()).toEqual(required.split(' ').sort());
  });
});

describe('seed data: ingredients', () => {
  it('has at least 150 uniquely named, lower-case ingredients, each with its source record', () => {
    expect(INGREDIENTS.length).toBeGreaterThanOrEqual(150);
    expect(ingredientNames.size).toBe(INGREDIENTS.length);
    for (const i of INGREDIENTS) {
      expect(i.name, i.name).toBe(i.name.toLowerCase().trim());
      expect(['USDA FoodData Central', 'AFCD']).toContain(i.source);
      if (i.source === 'USDA FoodData Central') expect(i.sourceId, i.name).toMatch(/^\d{6,7}$/);
      expect(i.description.length, i.name).toBeGreaterThan(3);
    }
  });

  it('puts every ingredient in one shop category, and names no other (issue 25)', () => {
    for (const i of INGREDIENTS) expect(SHOP_CATEGORY_OF.get(i.name), i.name).toBeDefined();
    expect([...SHOP_CATEGORY_OF.keys()].filter((n) => !ingredientNames.has(n))).toEqual([]);
  });

  it('gives the same numbers wherever two ingredients share a source record', () => {
    const bySource = new Map<string, (typeof INGREDIENTS)[number]>();
    for (const i of INGREDIENTS) {
      const first = bySource.get(i.sourceId);
      if (!first) bySource.set(i.sourceId, i);
      else
        expect([i.description, i.protein, i.carbs, i.fats, i.calories], i.name).toEqual([
          first.description,
          first.protein,
          first.carbs,
          first.fats,
          first.calories,
        ]);
    }
  });

  it('has sane nutrition per 100 g: non-negative, macros at most 100 g, energy matching the macros', () => {
    const offenders: string[] = [];
    for (const i of INGREDIENTS) {
      for (const v of [i.protein, i.carbs, i.fats, i.calories, i.fibre])
        expect(v, i.name).toBeGreaterThanOrEqual(0);
      expect(i.protein + i.carbs + i.fats, i.name).toBeLessThanOrEqual(100);
      expect(i.fibre, i.name).toBeLessThanOrEqual(i.carbs);
      const allowed = 0.15 * (4 * i.protein + 4 * i.carbs + 9 * i.fats) + 20;
      if (atwaterGap(i) > allowed)
        offenders.push(`${i.name}: ${i.calories} kcal, gap ${atwaterGap(i).toFixed(0)}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('seed data: recipes', () => {
  it('has at least 40 uniquely named default recipes across every meal type, some vegetarian and vegan', () => {
    expect(RECIPES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RECIPES.map((r) => r.name)).size).toBe(RECIPES.length);
    expect(new Set(RECIPES.map((r) => recipeId(r.name))).size).toBe(RECIPES.length);
    for (const meal of ['breakfast', 'lunch', 'dinner', 'snack'] as const)
      expect(RECIPES.filter((r) => r.mealType === meal).length, meal).toBeGreaterThanOrEqual(5);
    expect(RECIPES.filter((r) => r.tags.includes('vegetarian')).length).toBeGreaterThanOrEqual(8);
    expect(RECIPES.filter((r) => r.tags.includes('vegan')).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every recipe portions, a duration, a description and steps', () => {
    for (const r of RECIPES) {
      expect(Number.isInteger(r.portions) && r.portions > 0, r.name).toBe(true);
      expect(Number.isInteger(r.duration) && r.duration > 0, r.name).toBe(true);
      expect(r.description.length, r.name).toBeGreaterThan(20);
      expect(r.steps.length, r.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('has 6 to 15 lines per recipe, each naming a seeded ingredient and unit with a parseable quantity', () => {
    const units = new Set(MEASUREMENTS);
    for (const r of RECIPES) {
      expect(r.lines.length, r.name).toBeGreaterThanOrEqual(6);
      expect(r.lines.length, r.name).toBeLessThanOrEqual(15);
      for (const [quantity, unit, ingredient] of r.lines) {
        const where = `${r.name}: ${quantity} ${unit ?? 'g'} ${ingredient}`;
        expect(ingredientNames.has(ingredient), where).toBe(true);
        if (unit !== null) expect(units.has(unit), where).toBe(true);
        if (quantity !== 'to taste') expect(numericQuantity(quantity), where).toBeGreaterThan(0);
      }
    }
  });

  it('uses the spec quantity forms: whole numbers, simple and mixed fractions, vulgar fractions and to taste', () => {
    const quantities = RECIPES.flatMap((r) => r.lines.map(([q]) => q));
    expect(quantities).toContain('to taste');
    expect(quantities.some((q) => /^\d+\/\d+$/.test(q))).toBe(true);
    expect(quantities.some((q) => /^\d+ \d+\/\d+$/.test(q))).toBe(true);
    expect(quantities.some((q) => /^[½⅓¼¾]$/.test(q))).toBe(true);
  });

  it('keeps vegan recipes free of animal products and vegetarian ones free of meat and fish', () => {
    for (const r of RECIPES) {
      const used = r.lines.map(([, , ingredient]) => ingredient);
      if (r.tags.includes('vegan'))
        expect(
          used.filter((i) => ANIMAL_PRODUCTS.has(i)),
          r.name,
        ).toEqual([]);
      if (r.tags.includes('vegetarian'))
        expect(
          used.filter((i) => MEAT_OR_FISH.has(i)),
          r.name,
        ).toEqual([]);
      if (r.tags.includes('vegan')) expect(r.tags, r.name).toContain('vegetarian');
    }
  });
});

describe('seed data: sample prices', () => {
  const chainPrices = (p: PriceSource): ChainPrice[] => CHAINS.flatMap((c) => (p[c] ? [p[c]] : []));

  it('prices every ingredient once, dated and at least at one chain', () => {
    expect(PRICE_DATE).toBe('2026-11-01');
    expect(PRICES.map((p) => p.ingredient).sort()).toEqual([...ingredientNames].sort());
    for (const p of PRICES) expect(chainPrices(p).length, p.ingredient).toBeGreaterThan(0);
  });

  it('has parseable measures and positive current and past prices in a plausible band', () => {
    for (const p of PRICES) {
      for (const c of chainPrices(p)) {
        const where = `${p.ingredient} ${c.measure}`;
        const grams = packGrams(c.measure, p.ingredient);
        expect(grams, where).toBeGreaterThan(0);
        expect(c.current, where).toBeGreaterThan(0);
        expect(c.past, where).toBeGreaterThan(0);
        expect(c.past / c.current, where).toBeGreaterThanOrEqual(0.6);
        expect(c.past / c.current, where).toBeLessThanOrEqual(1.5);
        // Cheapest staples (flour, sugar) to dearest (spices, seafood), in AUD per kilo or litre.
        const perKilo = (c.current / grams) * 1000;
        expect(perKilo, where).toBeGreaterThan(0.5);
        expect(perKilo, where).toBeLessThan(120);
      }
    }
  });

  it('counts what is sold by volume in mL, so the list asks for it as the shelf sells it', () => {
    // Thickened cream was counted in grams ("552 g" short) beside its 600 mL bottles.
    for (const p of PRICES) {
      const byVolume = chainPrices(p).some((c) => /^[\d.]+(?:mL|L)$/.test(c.measure));
      if (byVolume) expect(baseUnitOf(p.ingredient), p.ingredient).toBe('mL');
    }
  });

  it('sells what a list counts by the piece as a count, or by weight at least two to a pack', () => {
    // An avocado sold as '200g' (the converter's weighs 201 g) made a list of 4 avocados buy 5,
    // a cos lettuce as '300g' bought two heads for one, a dozen eggs as '700g' held 14 eggs.
    for (const p of PRICES) {
      if (baseUnitOf(p.ingredient) !== 'each' || LOOSE.has(p.ingredient)) continue;
      for (const c of chainPrices(p)) {
        const where = `${p.ingredient} ${c.measure}`;
        if (/^\d+ each$/.test(c.measure)) continue;
        expect(
          packGrams(c.measure, p.ingredient) / gramsPerUnit('piece', p.ingredient),
          where,
        ).toBeGreaterThanOrEqual(2);
      }
    }
    for (const c of chainPrices(PRICES.find((p) => p.ingredient === 'egg')!))
      expect(c.measure).toBe('12 each');
  });

  it('leaves realistic gaps: Aldi stocks fewer lines than Coles, and the big two miss a few', () => {
    const coverage = (chain: (typeof CHAINS)[number]): number =>
      PRICES.filter((p) => p[chain] !== null).length / PRICES.length;
    expect(coverage('aldi')).toBeLessThan(coverage('coles'));
    expect(coverage('aldi')).toBeGreaterThanOrEqual(0.6);
    expect(coverage('aldi')).toBeLessThanOrEqual(0.8);
    expect(coverage('coles')).toBeLessThan(1);
    expect(coverage('woolworths')).toBeLessThan(1);
    expect(coverage('coles')).toBeGreaterThan(0.95);
    expect(coverage('woolworths')).toBeGreaterThan(0.95);
  });

  it('prices some recipes fully at all three chains and leaves others short at one', () => {
    const byName = new Map(PRICES.map((p) => [p.ingredient, p]));
    const fullyPriced = (chain: (typeof CHAINS)[number], r: (typeof RECIPES)[number]): boolean =>
      r.lines.every(([, , ingredient]) => byName.get(ingredient)?.[chain] != null);
    expect(RECIPES.filter((r) => CHAINS.every((c) => fullyPriced(c, r))).length).toBeGreaterThanOrEqual(10);
    expect(RECIPES.filter((r) => !fullyPriced('aldi', r)).length).toBeGreaterThanOrEqual(5);
  });
});

describe('seed.sql', () => {
  it('is the generator output of the current data (run npm run gen:seed after editing supabase/seed-data)', () => {
    expect(readFileSync(new URL('../seed.sql', import.meta.url), 'utf8')).toBe(renderSeedSql());
  });

  it('labels the prices as sample prices', () => {
    expect(renderSeedSql()).toContain('SAMPLE PRICES, NOT SCRAPED');
  });
});

describe('seed.sql loaded into PGlite after bootstrap and migrations', () => {
  let db: Db;

  beforeAll(async () => {
    const opened = await openDb({ root: ROOT, samplePricesToday: PRICE_DATE });
    db = opened.db;
    expect(opened.seeded).toBe(true);
  });

  afterAll(async () => {
    await db?.close();
  });

  async function count(sql: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`);
    return rows[0]!.n;
  }

  it('loads every row of the data modules', async () => {
    expect(await count('public.measurements')).toBe(MEASUREMENTS.length);
    expect(await count('public.ingredients')).toBe(INGREDIENTS.length);
    expect(await count('public.ingredient_prices')).toBe(PRICES.length);
    expect(await count('public.recipes where is_default and user_id is null')).toBe(RECIPES.length);
    expect(await count('public.recipe_ingredients')).toBe(RECIPES.reduce((n, r) => n + r.lines.length, 0));
    expect(await count("public.ingredient_prices where is_sample and price_date = date '2026-11-01'")).toBe(
      PRICES.length,
    );
  });

  it('keeps each line with its recipe, in order, with null units as grams', async () => {
    const { rows } = await db.query<{ quantity: string; unit: string | null; ingredient: string }>(
      `select ri.quantity, m.name as unit, i.name as ingredient
         from public.recipe_ingredients ri
         join public.ingredients i on i.id = ri.ingredient_id
         left join public.measurements m on m.id = ri.measurement_id
        where ri.recipe_id = $1 order by ri.position`,
      [recipeId('Spaghetti bolognese')],
    );
    const recipe = RECIPES.find((r) => r.name === 'Spaghetti bolognese')!;
    expect(rows.map((r) => [r.quantity, r.unit, r.ingredient])).toEqual(
      recipe.lines.map(([q, u, i]) => [q, u, i]),
    );
  });

  it('changes nothing when applied a second time', async () => {
    await db.transaction((tx) => tx.exec(renderSeedSql()));
    expect(await count('public.ingredients')).toBe(INGREDIENTS.length);
    expect(await count('public.recipe_ingredients')).toBe(RECIPES.reduce((n, r) => n + r.lines.length, 0));
  });
});
