import type { RecipeLine } from '../../../../shared/nutrition/types.ts';
import type { PantryTake } from '../../../../shared/put-away/cooked.ts';
import type { MealSlot } from '../../../../shared/recipes/meal-slots.ts';
import type { Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

/** A planned meal; `slot` is which meal of the day (the planner's rows). */
export type Meal = Pick<
  Tables<'meal_planner'>,
  'id' | 'date' | 'user_id' | 'recipe_id' | 'cook_id' | 'portions' | 'cooked_at'
> & {
  slot: MealSlot;
};

const COLUMNS = 'id, date, slot, user_id, recipe_id, cook_id, portions, cooked_at';

/** What can change on a planned meal: its recipe, cook, portions, or where it is (moving it). */
export type MealChange = Partial<Pick<Meal, 'recipe_id' | 'cook_id' | 'portions' | 'date' | 'slot'>>;

export async function listMeals(householdId: string, from: string, to: string): Promise<Meal[]> {
  const { data, error } = await supabase
    .from('meal_planner')
    .select(COLUMNS)
    .eq('household_id', householdId)
    .gte('date', from)
    .lte('date', to)
    .order('date');
  if (error) throw error;
  return (data ?? []) as Meal[];
}

export async function addMeal(
  householdId: string,
  date: string,
  slot: MealSlot,
  change: MealChange = {},
): Promise<Meal> {
  return oneMeal(
    supabase
      .from('meal_planner')
      .insert({ ...change, date, slot, household_id: householdId })
      .select(COLUMNS)
      .single(),
  );
}

/** Puts a removed meal back as it was (Undo): the same id, day, slot, recipe, cook and portions. */
export async function restoreMeal(householdId: string, meal: Meal): Promise<Meal> {
  const { user_id: _plannedBy, ...row } = meal;
  return oneMeal(
    supabase
      .from('meal_planner')
      .insert({ ...row, household_id: householdId })
      .select(COLUMNS)
      .single(),
  );
}

export async function updateMeal(id: string, change: MealChange): Promise<Meal> {
  return oneMeal(supabase.from('meal_planner').update(change).eq('id', id).select(COLUMNS).single());
}

/** The one meal a write answers with, or its error. */
async function oneMeal(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<Meal> {
  const { data, error } = await query;
  if (error) throw error;
  return data as Meal;
}

export async function deleteMeal(id: string): Promise<void> {
  const { error } = await supabase.from('meal_planner').delete().eq('id', id);
  if (error) throw error;
}

/** Spec 4 housekeeping: meals dated before today are deleted (RLS keeps it to the user's own). */
export async function deletePastMeals(householdId: string, today: string): Promise<void> {
  const { error } = await supabase
    .from('meal_planner')
    .delete()
    .eq('household_id', householdId)
    .lt('date', today);
  if (error) throw error;
}

/** A recipe's lines with what converting them needs, and its own portions. */
export async function getRecipeLines(
  recipeId: string,
): Promise<{ portions: number | null; recipe_ingredients: RecipeLine[] }> {
  const { data, error } = await supabase
    .from('recipes')
    .select(
      'portions, recipe_ingredients(quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories))',
    )
    .eq('id', recipeId)
    .single();
  if (error) throw error;
  return data as unknown as { portions: number | null; recipe_ingredients: RecipeLine[] };
}

/** What marking a meal cooked took from the pantry (cook_meal); subtracted is false when the household turned it off. */
export interface CookedAnswer {
  subtracted: boolean;
  took: { name: string; quantity: number; unit: string | null; left: number }[];
}

export async function cookMeal(mealId: string, takes: readonly PantryTake[]): Promise<CookedAnswer> {
  const { data, error } = await supabase.rpc('cook_meal', {
    meal: mealId,
    takes: takes.map((t) => ({ pantry_id: t.pantry_id, quantity: t.quantity })) as never,
  });
  if (error) throw error;
  return data as unknown as CookedAnswer;
}

/** Un-marks a meal cooked and puts back what cooking took (uncook_meal); notes say what others changed since. */
export async function uncookMeal(mealId: string): Promise<{ notes: string[] }> {
  const { data, error } = await supabase.rpc('uncook_meal', { meal: mealId });
  if (error) throw error;
  return data as unknown as { notes: string[] };
}
