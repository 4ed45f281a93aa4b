import { describe, expect, it } from 'vitest';
import { shoppingNeeds } from '../../../../shared/basket/needs.ts';
import { describePlanLine } from '../shopping/plan-line.ts';
import { mealChoices, mealLabel, type PlanRecipe, plannedMeals } from './plan.ts';
import { planLinesToWrite } from './plan-lines.ts';

const flour = { id: 1, name: 'plain flour', protein: 10, carbs: 76, fats: 1, calories: 364 };
const recipe = (
  id: string,
  name: string,
  grams: string,
  meal_type: string | null = 'dinner',
): PlanRecipe => ({
  id,
  name,
  portions: 4,
  meal_type,
  recipe_ingredients: [{ quantity: grams, measurements: { name: 'g' }, ingredients: flour }],
});
const recipes = [recipe('r1', 'Pancakes', '200', 'breakfast'), recipe('r2', 'Damper', '400', null)];
const meals = [
  { id: 'm2', date: '2026-11-26', recipe_id: 'r2', cook_id: null, portions: 8 },
  { id: 'm1', date: '2026-11-23', recipe_id: 'r1', cook_id: null },
  { id: 'm3', date: '2026-12-05', recipe_id: 'r1', cook_id: null },
  { id: 'm4', date: '2026-11-24', recipe_id: null, cook_id: null },
];

describe('building the list from the plan', () => {
  it('labels a meal by its day and meal type, else its recipe', () => {
    expect(mealLabel('2026-11-23', recipes[0]!)).toBe('Mon breakfast');
    expect(mealLabel('2026-11-26', recipes[1]!)).toBe('Thu Damper');
    expect(mealLabel('2026-11-26', recipes[1]!, 'lunch')).toBe('Thu lunch');
  });
  it('offers the meals with a recipe in the range, by date, unticked ones left out of the plan', () => {
    const choices = mealChoices(meals, recipes, '2026-11-23', '2026-11-30', ['m2']);
    expect(choices.map((c) => [c.id, c.label, c.portions, c.included])).toEqual([
      ['m1', 'Mon breakfast', 4, true],
      ['m2', 'Thu Damper', 8, false],
    ]);
    expect(plannedMeals(choices).map((m) => m.label)).toEqual(['Mon breakfast']);
  });
  it('writes only lines with something to buy, with what the plan needs', () => {
    const choices = mealChoices(meals, recipes, '2026-11-23', '2026-11-30', []);
    const needs = shoppingNeeds(plannedMeals(choices), [
      { name: 'flour', ingredient_id: 1, quantity: 300, unit: 'g' },
    ]);
    // 200 g for Monday, 400 g × 8/4 portions for Thursday; 300 g in the pantry.
    expect(planLinesToWrite(needs)).toEqual([
      {
        key: 'i:1',
        name: 'plain flour',
        ingredient_id: 1,
        quantity: 700,
        need: 1000,
        unit: 'g',
        meals: ['Mon breakfast', 'Thu Damper'],
      },
    ]);
    const covered = shoppingNeeds(plannedMeals(choices), [
      { name: 'flour', ingredient_id: 1, quantity: 2, unit: 'kg' },
    ]);
    expect(planLinesToWrite(covered)).toEqual([]);
  });
  it('asks for whole items of what is counted', () => {
    const line = {
      key: 'i:9',
      ingredient_id: 9,
      name: 'cherry tomato',
      base: 'each' as const,
      have: 0,
      meals: [],
    };
    expect(planLinesToWrite([{ ...line, need: 14 + 2 / 3, buy: 14 + 2 / 3 }])).toMatchObject([
      { quantity: 15, need: 15, unit: 'each' },
    ]);
  });
});

describe('a plan line on the list', () => {
  const row = {
    name: 'plain flour',
    quantity: 400,
    unit: 'g',
    plan_key: 'i:1',
    plan_quantity: 400,
    plan_need: 600,
    plan_meals: ['Mon dinner', 'Wed lunch'],
  };
  it('says what is needed, held and bought, and for which meals', () => {
    expect(describePlanLine(row)).toEqual({
      amounts: 'need 600 g, have 200 g, buy 400 g',
      meals: 'for Mon dinner, Wed lunch',
      apart: null,
    });
  });
  it('counts items as the converter names them: slices of bread', () => {
    const bread = {
      ...row,
      name: 'sourdough bread',
      unit: 'each',
      quantity: 8,
      plan_quantity: 8,
      plan_need: 12,
    };
    expect(describePlanLine(bread)?.amounts).toBe('need 12 slices, have 4 slices, buy 8 slices');
  });
  it('says nothing of lines added or changed by hand', () => {
    expect(describePlanLine({ ...row, plan_key: null })).toBeNull();
    expect(describePlanLine({ ...row, quantity: 500 })).toBeNull();
  });
  it('explains an amount kept in its own unit', () => {
    const apart = describePlanLine({ ...row, plan_key: 'i:5|jar', unit: 'jar', plan_need: 400 });
    expect(apart?.amounts).toBeNull();
    expect(apart?.apart).toMatch(/^Kept in jar: Larder cannot convert it/);
  });
});
