import { describe, expect, it } from 'vitest';
import { testRecipe } from '../../testing/recipes.ts';
import type { IngredientLine, Recipe } from './api.ts';
import { recipeViews, totalNutrition } from './derive.ts';
import { filterRecipes, NO_FILTERS, tagsOf } from './filter.ts';
import { displayAmount, shoppingLinesOf } from './recipe-lines.ts';

const line = (name: string, quantity: string, unit: string | null, id = 1): IngredientLine => ({
  id: `${name}-${quantity}`,
  ingredient_id: id,
  quantity,
  position: 0,
  note: null,
  measurements: unit ? { name: unit } : null,
  ingredients: { id, name, protein: 10, carbs: 20, fats: 5, calories: 200 },
});

const recipe = (id: string, name: string, lines: IngredientLine[], duration: number | null = 30): Recipe =>
  testRecipe({ id, name, duration, recipe_ingredients: lines });

describe('recipe display', () => {
  it('formats quantities with fractions and plural units, scaled', () => {
    expect(displayAmount('1/2', 'cup', 'milk', 1)).toBe('1/2 cup');
    expect(displayAmount('1', 'cup', 'milk', 2)).toBe('2 cups');
  });

  it('shows the written unit people expect, never 0 or a fraction of a gram (QA 1)', () => {
    expect(displayAmount('2', 'tsp', 'brown sugar', 1)).toBe('2 tsp');
    expect(displayAmount('2', 'tbsp', 'honey', 1)).toBe('2 tbsp');
    expect(displayAmount('125', 'g', 'butter', 1.042)).toBe('130 g');
  });

  it('keeps text quantities such as to taste', () => {
    expect(displayAmount('to taste', null, 'salt', 2)).toBe('to taste');
  });

  it('computes nutrition per portion for each recipe', () => {
    const [view] = recipeViews([recipe('a', 'Oats', [line('rolled oats', '100', 'g')])], new Map());
    expect(view!.nutrition).toEqual({
      caloriesPerPortion: 100,
      proteinPerPortion: 5,
      carbsPerPortion: 10,
      fatsPerPortion: 3,
    });
    expect(view!.price).toBeNull();
  });

  it('totals nutrition for the chosen portions from unrounded sums (QA 2)', () => {
    // 105 g over 2 portions: protein 10.5 g in all, 5.25 → 5 a portion; 3 portions eat 15.75 → 16,
    // where 3 × the rounded 5 would say 15.
    const r = recipe('a', 'Oats', [line('rolled oats', '105', 'g')]);
    expect(totalNutrition(r, 3)).toEqual({
      caloriesPerPortion: 315,
      proteinPerPortion: 16,
      carbsPerPortion: 32,
      fatsPerPortion: 8,
    });
  });

  it('turns recipe lines into shopping items, grams when no unit', () => {
    expect(shoppingLinesOf(recipe('a', 'Oats', [line('rolled oats', '1 1/2', null, 7)]), 2)).toEqual([
      { name: 'rolled oats', ingredient_id: 7, quantity: 3, unit: 'g' },
    ]);
  });
});

describe('recipe filters', () => {
  const views = recipeViews(
    [
      recipe('a', 'Porridge', [line('rolled oats', '100', 'g')], 10),
      recipe('b', 'Pumpkin soup', [line('pumpkin', '500', 'g')], 45),
      recipe('c', 'Crème brûlée', [line('cream', '300', 'mL')], null),
    ],
    new Map(),
  );
  const names = (vs: { recipe: Recipe }[]) => vs.map((v) => v.recipe.name);

  it('searches names and ingredients, ignoring case and accents', () => {
    expect(names(filterRecipes(views, { ...NO_FILTERS, query: 'OATS' }, []))).toEqual(['Porridge']);
    expect(names(filterRecipes(views, { ...NO_FILTERS, query: 'creme' }, []))).toEqual(['Crème brûlée']);
  });

  it('filters by favourites and by time', () => {
    expect(names(filterRecipes(views, { ...NO_FILTERS, favouritesOnly: true }, ['b']))).toEqual([
      'Pumpkin soup',
    ]);
    expect(names(filterRecipes(views, { ...NO_FILTERS, maxMinutes: 30 }, []))).toEqual(['Porridge']);
  });

  it('finds recipes by tag, in the search box or the tag filter, and lists the tags there are', () => {
    const tagged = recipeViews(
      [
        { ...recipe('a', 'Porridge', [line('rolled oats', '100', 'g')]), tags: ['quick', 'vegan'] },
        { ...recipe('b', 'Pumpkin soup', [line('pumpkin', '500', 'g')]), tags: ['family favourite'] },
      ],
      new Map(),
    );
    expect(names(filterRecipes(tagged, { ...NO_FILTERS, query: 'FAVOURITE' }, []))).toEqual(['Pumpkin soup']);
    expect(names(filterRecipes(tagged, { ...NO_FILTERS, tag: 'vegan' }, []))).toEqual(['Porridge']);
    expect(names(filterRecipes(tagged, { ...NO_FILTERS, tag: 'veg' }, []))).toEqual([]);
    expect(tagsOf(tagged)).toEqual(['family favourite', 'quick', 'vegan']);
  });

  it('filters by energy per portion', () => {
    // 100 g, 500 g and 300 mL of a 200 kcal/100 g ingredient, 2 portions: 100, 500 and 300 kcal.
    expect(names(filterRecipes(views, { ...NO_FILTERS, maxKcal: 300 }, []))).toEqual([
      'Porridge',
      'Crème brûlée',
    ]);
    expect(names(filterRecipes(views, { ...NO_FILTERS, maxKcal: 99 }, []))).toEqual([]);
  });

  it('leaves out recipes without prices when filtering by cost', () => {
    expect(filterRecipes(views, { ...NO_FILTERS, maxCost: 10 }, [])).toEqual([]);
  });
});
