import { mealWindow } from '../../../../shared/dates/meal-window.ts';
import { grocyMealPlan } from '../../../../shared/recipe-import/grocy.ts';
import type { MealSlot } from '../../../../shared/recipes/meal-slots.ts';
import { readGrocyFile } from '../../lib/grocy-db.ts';
import type { Recipe } from '../recipes/api.ts';
import type { Meal } from './api.ts';

/** A meal of Grocy's plan, on the recipe brought from Grocy. */
export interface PlanFromGrocy {
  date: string;
  slot: MealSlot;
  recipeId: string;
  name: string;
  portions: number | null;
}

export interface GrocyPlan {
  /** The meals to plan: in the planner's week, on a recipe brought from Grocy, not planned yet. */
  meals: PlanFromGrocy[];
  /** Grocy's recipes on its plan this week that were not brought from Grocy (yet). */
  missing: string[];
}

/**
 * The recipes Grocy has planned in the planner's week (today … today + 7), each on the recipe
 * imported from Grocy (by Grocy's recipe id; the person's own before a household member's). A
 * meal already planned (the same recipe, day and meal) is left out, so bringing the plan twice
 * plans nothing twice.
 */
export async function readGrocyPlan(
  file: File,
  recipes: readonly Recipe[],
  userId: string,
  planned: readonly Meal[],
): Promise<GrocyPlan> {
  const { from, to } = mealWindow();
  const plan = grocyMealPlan(
    await readGrocyFile(file.name, new Uint8Array(await file.arrayBuffer())),
    from,
    to,
  );
  const brought = new Map<string, Recipe>();
  for (const r of recipes)
    if (r.import_source === 'grocy' && r.import_source_id !== null) {
      const mine = brought.get(r.import_source_id);
      if (!mine || (mine.user_id !== userId && r.user_id === userId)) brought.set(r.import_source_id, r);
    }
  const meals: PlanFromGrocy[] = [];
  const missing = new Set<string>();
  for (const meal of plan) {
    const recipe = brought.get(meal.recipeId);
    if (!recipe) {
      missing.add(meal.recipe);
      continue;
    }
    const already = (m: { date: string; slot: MealSlot; recipe_id: string | null }) =>
      m.date === meal.date && m.slot === meal.slot && m.recipe_id === recipe.id;
    if (planned.some(already) || meals.some((m) => already({ ...m, recipe_id: m.recipeId }))) continue;
    meals.push({
      date: meal.date,
      slot: meal.slot,
      recipeId: recipe.id,
      name: recipe.name,
      portions: meal.servings,
    });
  }
  return { meals, missing: [...missing] };
}
