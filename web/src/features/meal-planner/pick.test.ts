import { describe, expect, it } from 'vitest';
import type { Meal } from './api.ts';
import { matchRecipes, type PlannerRecipe, plannerGrid, recipesById } from './pick.ts';

const recipe = (
  id: string,
  name: string,
  tags: string[] = [],
  ingredients: string[] = [],
): PlannerRecipe => ({
  id,
  name,
  portions: 2,
  meal_type: null,
  duration: 20,
  tags,
  ingredients,
});

const recipes = [
  recipe('1', 'Pumpkin soup', ['vegetarian'], ['pumpkin', 'stock']),
  recipe('2', 'Roast pumpkin salad', [], ['pumpkin', 'feta']),
  recipe('3', 'Crème caramel', ['dessert'], ['egg', 'cream']),
  recipe('4', 'Lamb tagine', ['family favourite'], ['lamb', 'apricot']),
];
const names = (rs: PlannerRecipe[]) => rs.map((r) => r.name);

describe('the recipe picker’s matches', () => {
  it('finds by name, tag or ingredient, ignoring case and accents', () => {
    expect(names(matchRecipes(recipes, 'CREME'))).toEqual(['Crème caramel']);
    expect(names(matchRecipes(recipes, 'family'))).toEqual(['Lamb tagine']);
    expect(names(matchRecipes(recipes, 'apricot'))).toEqual(['Lamb tagine']);
  });

  it('puts names starting with the words first, then names with them, then the rest', () => {
    expect(names(matchRecipes(recipes, 'pumpkin'))).toEqual(['Pumpkin soup', 'Roast pumpkin salad']);
    expect(names(matchRecipes(recipes, 'feta'))).toEqual(['Roast pumpkin salad']);
  });

  it('needs every word typed, and gives everything (to the limit) for an empty query', () => {
    expect(names(matchRecipes(recipes, 'pumpkin feta'))).toEqual(['Roast pumpkin salad']);
    expect(matchRecipes(recipes, '  ')).toHaveLength(4);
    expect(matchRecipes(recipes, '', 2)).toHaveLength(2);
    expect(matchRecipes(recipes, 'zzz')).toEqual([]);
  });

  it('offers the recipes for the meal being planned first, among those that match as well', () => {
    const meals = [...recipes, { ...recipe('5', 'Zucchini and pumpkin fritters'), meal_type: 'breakfast' }];
    // A name starting with the words still comes first; of the names containing them, the breakfast.
    expect(names(matchRecipes(meals, 'pumpkin', 50, 'breakfast'))).toEqual([
      'Pumpkin soup',
      'Zucchini and pumpkin fritters',
      'Roast pumpkin salad',
    ]);
    expect(names(matchRecipes(meals, 'pumpkin', 50, 'dinner'))).toEqual([
      'Pumpkin soup',
      'Roast pumpkin salad',
      'Zucchini and pumpkin fritters',
    ]);
    // Before anything is typed: the breakfasts, then the rest in the list's order, to the limit.
    expect(names(matchRecipes(meals, '', 2, 'breakfast'))).toEqual([
      'Zucchini and pumpkin fritters',
      'Pumpkin soup',
    ]);
    expect(names(matchRecipes(meals, '', 2))).toEqual(['Pumpkin soup', 'Roast pumpkin salad']);
  });
});

describe('the week grid', () => {
  const meal = (id: string, date: string, slot: Meal['slot']): Meal => ({
    id,
    date,
    cooked_at: null,
    slot,
    portions: null,
    user_id: 'u',
    recipe_id: null,
    cook_id: null,
  });

  it('puts each meal in its day and slot, leaving other days empty and dropping meals outside the week', () => {
    const grid = plannerGrid(
      ['2026-12-01', '2026-12-02'],
      [
        meal('a', '2026-12-01', 'breakfast'),
        meal('b', '2026-12-01', 'dinner'),
        meal('c', '2026-12-01', 'dinner'),
        meal('d', '2026-12-09', 'lunch'),
      ],
    );
    expect(grid.get('2026-12-01')!.breakfast.map((m) => m.id)).toEqual(['a']);
    expect(grid.get('2026-12-01')!.dinner.map((m) => m.id)).toEqual(['b', 'c']);
    expect(grid.get('2026-12-02')).toEqual({ breakfast: [], lunch: [], dinner: [], snack: [] });
    expect(grid.has('2026-12-09')).toBe(false);
  });
});

describe('recipesById', () => {
  it('finds each recipe of a list by its id, and builds the index once per list', () => {
    const list = [recipe('a', 'Apple pie'), recipe('b', 'Beef stew')];
    const index = recipesById(list);
    expect(index.get('b')?.name).toBe('Beef stew');
    expect(index.get('c')).toBeUndefined();
    expect(recipesById(list)).toBe(index);
    expect(recipesById([...list])).not.toBe(index);
  });
});
