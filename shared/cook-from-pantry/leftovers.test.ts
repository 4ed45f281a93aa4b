import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBasket } from '../basket/basket.ts';
import { shoppingNeeds } from '../basket/needs.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import type { IngredientPriceRecord } from '../pricing/types.ts';
import { priceRecord } from '../testing/lines.ts';
import type { CookableRecipe } from './coverage.ts';
import { basketLeftovers, leftoverSuggestions } from './leftovers.ts';

const line = (id: number, name: string, quantity: string, unit: string | null): RecipeLine => ({
  quantity,
  measurements: unit === null ? null : { name: unit },
  ingredients: { id, name, protein: 0, carbs: 0, fats: 0, calories: 0 },
});
const recipe = (id: string, lines: RecipeLine[], portions = 4): CookableRecipe => ({
  id,
  name: id,
  portions,
  recipe_ingredients: lines,
});
const MINCE = 1;
const RICE = 2;
const ONION = 3;
/** A pack at Coles alone. */
const coles = (measure: string, dollars: number) =>
  priceRecord({ coles_measure: measure, coles_unit_price_current: dollars });
const prices = new Map<number, IngredientPriceRecord>([
  [MINCE, coles('500g', 7)],
  [RICE, coles('1kg', 2)],
  [ONION, coles('1 each', 0.8)],
]);
const week = (lines: RecipeLine[], pantry = [] as Parameters<typeof shoppingNeeds>[1]) => {
  const needs = shoppingNeeds(
    [{ label: 'Mon dinner', recipe: { portions: 4, recipe_ingredients: lines } }],
    pantry,
  );
  const basket = priceBasket(needs, prices);
  return { needs, basket, leftovers: basketLeftovers(needs, basket, basket.cheapest?.chain ?? null) };
};

describe('basketLeftovers: packs × pack size − need', () => {
  it('"buy 500 g of mince for a recipe that needs 300 g and 200 g waits in the fridge"', () => {
    const { leftovers } = week([
      line(MINCE, 'lean beef mince', '300', 'g'),
      line(ONION, 'brown onion', '1', 'piece'),
    ]);
    expect(leftovers.map((l) => [l.name, l.amount, l.base, l.packs, l.pack])).toEqual([
      ['lean beef mince', 200, 'g', 1, '500g'],
    ]);
  });
  it('counts only what is bought: the pantry part of a line leaves no leftover of its own', () => {
    const { leftovers } = week(
      [line(MINCE, 'lean beef mince', '700', 'g')],
      [{ name: 'mince', ingredient_id: MINCE, quantity: 400, unit: 'g' }],
    );
    expect(leftovers.map((l) => l.amount)).toEqual([200]);
  });
  it('has none without a chain', () => {
    const { needs, basket } = week([line(MINCE, 'lean beef mince', '300', 'g')]);
    expect(basketLeftovers(needs, basket, null)).toEqual([]);
  });
  it('is never negative and is exactly packs × pack size − need', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (grams, have) => {
        const { needs, basket, leftovers } = week(
          [line(MINCE, 'lean beef mince', String(grams), 'g')],
          [{ name: 'mince', ingredient_id: MINCE, quantity: have, unit: 'g' }],
        );
        const bought = basket.chains.coles.lines[0];
        for (const l of leftovers) expect(l.amount).toBeGreaterThan(0);
        const expected = bought ? Math.round((bought.packs * 500 - (needs[0]?.buy ?? 0)) * 1000) / 1000 : 0;
        expect(leftovers[0]?.amount ?? 0).toBe(expected);
      }),
    );
  });
});

describe('leftoverSuggestions: recipes for the days still free', () => {
  const planned = [line(MINCE, 'lean beef mince', '300', 'g'), line(RICE, 'white rice', '200', 'g')];
  const { needs, leftovers } = week(planned);
  const recipes = [
    recipe('Tacos', [line(MINCE, 'lean beef mince', '200', 'g'), line(ONION, 'brown onion', '2', 'piece')]),
    recipe('Fried rice', [line(RICE, 'white rice', '400', 'g'), line(MINCE, 'lean beef mince', '100', 'g')]),
    recipe('Rice pudding', [line(RICE, 'white rice', '200', 'g')]),
    recipe('Onion soup', [line(ONION, 'brown onion', '6', 'piece')]),
  ];
  const stock = { pantry: [], staples: [], planned: needs };
  it('ranks by the share of leftovers used, then by what they add to the bill', () => {
    const ranked = leftoverSuggestions(recipes, leftovers, stock, prices);
    expect(leftovers.map((l) => [l.name, l.amount])).toEqual([
      ['lean beef mince', 200],
      ['white rice', 800],
    ]);
    // Fried rice: 1/2 of the rice and 1/2 of the mince, nothing to add; Tacos all the mince but
    // $1.60 of onions; Rice pudding a quarter of the rice. Onion soup uses no leftover.
    expect(ranked.map((s) => [s.recipe.name, s.uses, s.used, s.addsCents])).toEqual([
      ['Fried rice', 2, 1, 0],
      ['Tacos', 1, 1, 160],
      ['Rice pudding', 1, 0.25, 0],
    ]);
  });
  it('leaves out recipes already planned', () => {
    const ranked = leftoverSuggestions(recipes, leftovers, stock, prices, new Set(['Fried rice']));
    expect(ranked.map((s) => s.recipe.name)).toEqual(['Tacos', 'Rice pudding']);
  });
  it('does not lean twice on a pantry item the week already uses', () => {
    const pantry = [{ name: 'white rice', ingredient_id: RICE, quantity: 5000, unit: 'g' }];
    const plannedNeeds = shoppingNeeds(
      [{ label: 'Mon', recipe: { portions: 4, recipe_ingredients: planned } }],
      pantry,
    );
    const [fried] = leftoverSuggestions(
      [recipes[1]!],
      leftovers,
      { pantry, staples: [], planned: plannedNeeds },
      prices,
    );
    expect(fried!.coverage.missing.map((l) => [l.name, l.buy])).toEqual([]);
  });
});
