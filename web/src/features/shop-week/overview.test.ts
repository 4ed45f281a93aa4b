import { describe, expect, it } from 'vitest';
import { priceRecord } from '../../../../shared/testing/lines.ts';
import { DAILY_REFERENCE, percentOfReference, weekOverview } from './overview.ts';
import { mealChoices, type PlanRecipe } from './plan.ts';

// 100 g of rice per portion: 360 kcal, 7 g protein, 1 g fat, 80 g carbohydrate.
const rice = { id: 1, name: 'white rice', protein: 7, carbs: 80, fats: 1, calories: 360 };
const recipe: PlanRecipe = {
  id: 'r1',
  name: 'Rice',
  portions: 2,
  meal_type: 'dinner',
  recipe_ingredients: [{ quantity: '200', measurements: { name: 'g' }, ingredients: rice }],
};
const prices = new Map([
  [
    1,
    priceRecord({
      coles_measure: '1kg',
      coles_unit_price_current: 5,
      aldi_measure: '1kg',
      aldi_unit_price_current: 2,
    }),
  ],
]);
const dates = ['2026-11-23', '2026-11-24', '2026-11-25'];
const meals = [
  { id: 'a', date: '2026-11-23', recipe_id: 'r1', cook_id: 'c1', portions: 4 },
  { id: 'b', date: '2026-11-23', recipe_id: 'r1', cook_id: null },
  { id: 'c', date: '2026-11-25', recipe_id: 'r1', cook_id: 'c1' },
];

describe('weekOverview', () => {
  const overview = weekOverview(
    dates,
    mealChoices(meals, [recipe], dates[0]!, dates[2]!, []),
    prices,
    new Map([['c1', 'Alex']]),
  );
  it('costs each day at each chain for its portions, and per portion', () => {
    const [mon, tue] = overview.days;
    // Rice costs $1.00 at Coles for 2 portions: 4 + 2 portions on Monday.
    expect(mon).toMatchObject({ meals: 2, portions: 6, cost: { coles: 3, woolworths: null, aldi: 1.2 } });
    expect(mon?.perPortion).toEqual({ coles: 0.5, woolworths: null, aldi: 0.2 });
    expect(tue).toMatchObject({ meals: 0, cost: { coles: null, woolworths: null, aldi: null } });
    expect(overview.week).toMatchObject({ meals: 3, portions: 8, cost: { coles: 4, aldi: 1.6 } });
  });
  it('adds up one portion of each meal for a day, in kJ, against the reference', () => {
    const [mon] = overview.days;
    expect(mon?.nutrition).toEqual({ energyKj: 2 * 1506, protein: 14, fats: 2, carbs: 160 });
    // The average planned day (Monday and Wednesday; Tuesday has nothing planned).
    expect(overview.week.nutritionPerDay.energyKj).toBe(Math.round((2 * 1506 + 1506) / 2));
    expect(percentOfReference(DAILY_REFERENCE.protein, 'protein')).toBe(100);
  });
  it('says "sample" only when a meal of the week is priced from sample data', () => {
    // The screen said "sample prices" over every week, even one priced from an imported feed.
    const choices = mealChoices(meals, [recipe], dates[0]!, dates[2]!, []);
    const imported = new Map([[1, { ...prices.get(1)!, is_sample: false }]]);
    const sampled = new Map([[1, { ...prices.get(1)!, is_sample: true }]]);
    expect(weekOverview(dates, choices, imported, new Map()).week.sample).toBe(false);
    expect(weekOverview(dates, choices, sampled, new Map()).week.sample).toBe(true);
    expect(weekOverview(dates, [], sampled, new Map()).week.sample).toBe(false);
  });
  it('counts meals and cost per cook, "Anyone" for meals without one', () => {
    expect(overview.cooks.map((c) => [c.cook, c.meals, c.portions, c.cost.coles])).toEqual([
      ['Alex', 2, 6, 3],
      ['Anyone', 1, 2, 1],
    ]);
  });
});
