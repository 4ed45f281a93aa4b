import { MEAL_SLOTS, type MealSlot } from '../../../../shared/recipes/meal-slots.ts';
import { foldText } from '../../lib/fold-text.ts';
import type { Recipe } from '../recipes/api.ts';
import type { Meal } from './api.ts';

/** What the planner knows of a recipe: enough to find it by name, tag or ingredient and show it. */
export interface PlannerRecipe {
  id: string;
  name: string;
  portions: number | null;
  meal_type: string | null;
  duration: number | null;
  tags: readonly string[];
  ingredients: readonly string[];
}

/** Planner views of a recipe list, kept per list: each visit to the planner reuses them. */
const views = new WeakMap<readonly Recipe[], PlannerRecipe[]>();

/**
 * What the planner needs of each recipe (the picker searches names, tags and ingredients),
 * worked out once per recipe list rather than on every visit: 2,000 recipes took most of the
 * time the grid needed to show.
 */
export function plannerRecipes(items: readonly Recipe[]): PlannerRecipe[] {
  let list = views.get(items);
  if (list === undefined) {
    list = items.map((r) => ({
      id: r.id,
      name: r.name,
      portions: r.portions,
      meal_type: r.meal_type,
      duration: r.duration,
      tags: r.tags ?? [],
      ingredients: r.recipe_ingredients.flatMap((l) => (l.ingredients ? [l.ingredients.name] : [])),
    }));
    views.set(items, list);
  }
  return list;
}

const indexes = new WeakMap<readonly PlannerRecipe[], ReadonlyMap<string, PlannerRecipe>>();

/** The planner's recipes by id, kept per list: 28 meals looked up in 2,000 recipes one by one was a visit's millisecond. */
export function recipesById(list: readonly PlannerRecipe[]): ReadonlyMap<string, PlannerRecipe> {
  let index = indexes.get(list);
  if (index === undefined) {
    index = new Map(list.map((r) => [r.id, r]));
    indexes.set(list, index);
  }
  return index;
}

export interface PlannerCook {
  id: string;
  name: string;
}

/**
 * Recipes for the picker: every word typed must be in the name, a tag or an ingredient (accents
 * and case ignored); names that start with the words come first, then names containing them, then
 * matches by tag or ingredient only; within each, recipes for the meal being planned (a recipe's
 * meal_type, such as an imported recipe's "Breakfast") before the rest; at most `limit`.
 */
export function matchRecipes<R extends PlannerRecipe>(
  recipes: readonly R[],
  query: string,
  limit = 50,
  slot: MealSlot | null = null,
): R[] {
  const other = (recipe: R) => (slot !== null && recipe.meal_type !== slot ? 1 : 0);
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    if (slot === null) return recipes.slice(0, limit);
    const forSlot = recipes.filter((r) => other(r) === 0);
    return forSlot.length >= limit
      ? forSlot.slice(0, limit)
      : [...forSlot, ...recipes.filter((r) => other(r) === 1).slice(0, limit - forSlot.length)];
  }
  const q = words.join(' ');
  const ranked: { recipe: R; rank: number }[] = [];
  for (const recipe of recipes) {
    const name = foldText(recipe.name);
    const rest = [...recipe.tags, ...recipe.ingredients].map(foldText).join(' | ');
    if (!words.every((w) => name.includes(w) || rest.includes(w))) continue;
    const match = name.startsWith(q) ? 0 : name.includes(q) ? 1 : 2;
    ranked.push({ recipe, rank: match * 2 + other(recipe) });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || a.recipe.name.localeCompare(b.recipe.name, 'en-AU'))
    .slice(0, limit)
    .map((r) => r.recipe);
}

/** The week as the grid shows it: each date's meals by slot, in the order they were planned. */
export function plannerGrid(
  dates: readonly string[],
  meals: readonly Meal[],
): Map<string, Record<MealSlot, Meal[]>> {
  const grid = new Map<string, Record<MealSlot, Meal[]>>();
  for (const date of dates) {
    grid.set(date, Object.fromEntries(MEAL_SLOTS.map((s) => [s, [] as Meal[]])) as Record<MealSlot, Meal[]>);
  }
  for (const meal of meals) {
    const cell = grid.get(String(meal.date).slice(0, 10));
    (cell?.[meal.slot] ?? cell?.dinner)?.push(meal);
  }
  return grid;
}

export const SLOT_NAMES: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};
