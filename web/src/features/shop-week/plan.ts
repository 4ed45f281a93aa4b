import type { PlannedMeal } from '../../../../shared/basket/needs.ts';
import { portionsOrDefault } from '../../../../shared/nutrition/per-portion.ts';
import type { RecipeLine } from '../../../../shared/nutrition/types.ts';

/** A planned meal as the plan's screens read it (the planner's rows). */
export interface PlanMeal {
  id: string;
  date: string;
  recipe_id: string | null;
  cook_id: string | null;
  portions?: number | null;
  /** Which meal of the day it is on the planner (breakfast, lunch, dinner, snack). */
  slot?: string;
}

/** A recipe as the plan's screens read it (the recipe list's rows). */
export interface PlanRecipe {
  id: string;
  name: string;
  portions: number | null;
  meal_type?: string | null;
  recipe_ingredients: readonly RecipeLine[];
}

/** A meal the list can be built from, and whether it is ticked to count. */
export interface MealChoice {
  id: string;
  date: string;
  /** "Mon dinner", or "Mon Pumpkin soup" for a recipe without a meal type. */
  label: string;
  recipe: PlanRecipe;
  portions: number;
  cookId: string | null;
  included: boolean;
}

const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: 'UTC' });

/** "Mon dinner": the day and the meal (its slot on the planner, else the recipe's meal type, else its name). */
export function mealLabel(
  date: string,
  recipe: Pick<PlanRecipe, 'name' | 'meal_type'>,
  slot?: string,
): string {
  const day = weekday.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
  return `${day} ${slot || recipe.meal_type || recipe.name}`;
}

/**
 * The meals with a recipe dated `from`…`to` (inclusive ISO dates), in date order, each ticked
 * unless its id is in `excluded`. A meal is cooked for its own portions, else the recipe's.
 */
export function mealChoices(
  meals: readonly PlanMeal[],
  recipes: readonly PlanRecipe[],
  from: string,
  to: string,
  excluded: readonly string[],
): MealChoice[] {
  const byId = new Map(recipes.map((r) => [r.id, r]));
  const choices: MealChoice[] = [];
  for (const meal of meals) {
    const date = String(meal.date).slice(0, 10);
    const recipe = meal.recipe_id ? byId.get(meal.recipe_id) : undefined;
    if (!recipe || date < from || date > to) continue;
    choices.push({
      id: meal.id,
      date,
      label: mealLabel(date, recipe, meal.slot),
      recipe,
      portions: meal.portions ?? portionsOrDefault(recipe.portions),
      cookId: meal.cook_id,
      included: !excluded.includes(meal.id),
    });
  }
  return choices.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The ticked meals as shared's shoppingNeeds takes them. */
export function plannedMeals(choices: readonly MealChoice[]): PlannedMeal[] {
  return choices
    .filter((c) => c.included)
    .map((c) => ({ label: c.label, portions: c.portions, recipe: c.recipe }));
}
