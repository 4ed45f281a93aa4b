import { describe, expect, it } from 'vitest';
import type { PantryHolding } from '../../../../shared/basket/needs.ts';
import type { CookableRecipe } from '../../../../shared/cook-from-pantry/coverage.ts';
import { toUseSoon, usesUp } from '../../../../shared/cook-from-pantry/use-soon.ts';
import type { RecipeLine } from '../../../../shared/nutrition/types.ts';
import type { IngredientPriceRecord } from '../../../../shared/pricing/types.ts';
import { priceRecord } from '../../../../shared/testing/lines.ts';
import { coverages } from './compute.ts';
import { canCookNow, cookView } from './views.ts';

const line = (id: number, name: string, quantity: string, unit: string): RecipeLine => ({
  quantity,
  measurements: { name: unit },
  ingredients: { id, name, protein: 0, carbs: 0, fats: 0, calories: 0 },
});
const RICE = 1;
const EGG = 2;
const MINCE = 3;
const SAFFRON = 4;
const recipes: CookableRecipe[] = [
  {
    id: 'fried',
    name: 'Fried rice',
    portions: 2,
    recipe_ingredients: [line(RICE, 'white rice', '300', 'g'), line(EGG, 'egg', '2', 'piece')],
  },
  { id: 'omelette', name: 'Omelette', portions: 1, recipe_ingredients: [line(EGG, 'egg', '3', 'piece')] },
  {
    id: 'burgers',
    name: 'Burgers',
    portions: 4,
    recipe_ingredients: [line(MINCE, 'lean beef mince', '500', 'g'), line(EGG, 'egg', '1', 'piece')],
  },
  {
    id: 'paella',
    name: 'Paella',
    portions: 4,
    recipe_ingredients: [
      line(RICE, 'white rice', '400', 'g'),
      line(SAFFRON, 'saffron', '1', 'g'),
      line(MINCE, 'lean beef mince', '200', 'g'),
    ],
  },
];
const pantry: PantryHolding[] = [
  { name: 'white rice', ingredient_id: RICE, quantity: 1, unit: 'kg' },
  { name: 'egg', ingredient_id: EGG, quantity: 4, unit: 'piece' },
];
// Mince at two chains, Aldi the cheaper; saffron nowhere.
const mince = { coles_measure: '500g', coles_unit_price_current: 8 };
const prices = new Map<number, IngredientPriceRecord>([
  [MINCE, priceRecord({ ...mince, aldi_measure: '500g', aldi_unit_price_current: 7 })],
]);
const names = (list: { recipeId: string }[]) => list.map((c) => c.recipeId);

describe('cookView: the filters and sorts of "What can I cook?"', () => {
  const all = coverages(recipes, pantry, [], prices);
  it('lists recipes by name before any sort', () => {
    expect(names(all)).toEqual(['burgers', 'fried', 'omelette', 'paella']);
  });
  it('"can cook now": nothing short', () => {
    expect(names(cookView(all, 'now', 'covered'))).toEqual(['fried', 'omelette']);
    expect(all.filter(canCookNow).length).toBe(2);
  });
  it('"one or two items short"', () => {
    // Burgers have half their lines in (the eggs), paella a third (the rice).
    expect(names(cookView(all, 'short', 'covered'))).toEqual(['burgers', 'paella']);
  });
  it('"cheapest to finish": nothing to buy first, then by the cheapest chain; a line no chain prices last', () => {
    // Burgers: 1 × 500 g mince at Aldi, $7; Paella: the same mince, and saffron no chain prices.
    expect(names(cookView(all, 'all', 'cheapest'))).toEqual(['fried', 'omelette', 'burgers', 'paella']);
  });
  it('"uses most of what I have": most pantry items used first, then the most covered', () => {
    expect(names(cookView(all, 'all', 'uses'))).toEqual(['fried', 'omelette', 'burgers', 'paella']);
  });
  it('"uses what to use soon": recipes using the most of what is due first, then the most covered', () => {
    const due = toUseSoon([{ ...pantry[1]!, use_by: '2026-11-30' }], '2026-11-29');
    const soon = (c: (typeof all)[number]) => usesUp(c.lines, due).length;
    // Rice (not due) covers all of fried rice, but eggs are due: omelette and burgers use them too.
    expect(names(cookView(all, 'all', 'soon', soon))).toEqual(['fried', 'omelette', 'burgers', 'paella']);
    const riceDue = toUseSoon([{ ...pantry[0]!, use_by: '2026-11-29' }], '2026-11-29');
    expect(names(cookView(all, 'all', 'soon', (c) => usesUp(c.lines, riceDue).length))).toEqual([
      'fried',
      'paella',
      'omelette',
      'burgers',
    ]);
  });
  it('a staple is never short: the burgers become "can cook now" once mince is one', () => {
    const withStaple = coverages(
      recipes,
      pantry,
      [{ ingredient_id: MINCE, name: 'lean beef mince' }],
      prices,
    );
    expect(names(cookView(withStaple, 'now', 'covered'))).toEqual(['burgers', 'fried', 'omelette']);
  });
});
