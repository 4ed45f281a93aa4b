import type { Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

export type Meal = Pick<
  Tables<'meal_planner'>,
  'id' | 'date' | 'user_id' | 'recipe_id' | 'cook_id' | 'portions'
>;

const COLUMNS = 'id, date, user_id, recipe_id, cook_id, portions';

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
  recipeId: string | null,
  cookId: string | null,
): Promise<Meal> {
  const { data, error } = await supabase
    .from('meal_planner')
    .insert({ date, household_id: householdId, recipe_id: recipeId, cook_id: cookId })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return data as Meal;
}

/** Changes a planned meal; the database holds portions to 1–100 (null: the recipe's own). */
async function patchMeal(
  id: string,
  patch: { recipe_id?: string | null; cook_id?: string | null; portions?: number | null },
): Promise<Meal> {
  const { data, error } = await supabase
    .from('meal_planner')
    .update(patch)
    .eq('id', id)
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return data;
}

export const updateMeal = (id: string, recipeId: string | null, cookId: string | null): Promise<Meal> =>
  patchMeal(id, { recipe_id: recipeId, cook_id: cookId });

export const setMealPortions = (id: string, portions: number | null): Promise<Meal> =>
  patchMeal(id, { portions });

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
