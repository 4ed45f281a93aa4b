import type { Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

/** A staple as the screen reads it: what the household marks as always in stock. */
export type StapleRow = Pick<Tables<'staples'>, 'id' | 'name' | 'ingredient_id'>;

const COLUMNS = 'id, name, ingredient_id';

/** The household's staples, by name (the household is named: a member may belong to several). */
export async function listStaples(householdId: string): Promise<StapleRow[]> {
  const query = supabase.from('staples').select(COLUMNS).eq('household_id', householdId);
  const { data, error } = await query.order('name');
  if (error) throw error;
  return data ?? [];
}

export async function addStaple(
  householdId: string,
  staple: { name: string; ingredient_id: number | null },
): Promise<void> {
  const { error } = await supabase
    .from('staples')
    .insert({ name: staple.name, ingredient_id: staple.ingredient_id, household_id: householdId });
  if (error) throw error;
}

export async function deleteStaple(id: string): Promise<void> {
  const { error } = await supabase.from('staples').delete().eq('id', id);
  if (error) throw error;
}
