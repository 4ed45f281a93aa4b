import type { Tables } from '../../../../supabase/database.types.ts';
import type { ItemFormValues } from '../../components/ui/item-fields.ts';
import { allRows } from '../../lib/all-rows.ts';
import { supabase } from '../../lib/supabase.ts';
import type { WithIngredientPack } from './packets.ts';

export type PantryItem = Pick<
  Tables<'pantry'>,
  'id' | 'user_id' | 'name' | 'ingredient_id' | 'quantity' | 'unit' | 'use_by'
> &
  WithIngredientPack;

const COLUMNS = 'id, user_id, name, ingredient_id, quantity, unit, use_by, ingredients(pack_size, pack_unit)';

export async function listPantryItems(householdId: string): Promise<PantryItem[]> {
  return (await allRows((from, to) =>
    supabase
      .from('pantry')
      .select(COLUMNS)
      .eq('household_id', householdId)
      .order('name')
      .order('id')
      .range(from, to),
  )) as PantryItem[];
}

export async function addPantryItem(householdId: string, item: ItemFormValues): Promise<void> {
  const { error } = await supabase.from('pantry').insert({ ...item, household_id: householdId });
  if (error) throw error;
}

/** Adds many rows in one request: all of them, or none when any is refused. */
export async function addPantryItems(householdId: string, items: readonly ItemFormValues[]): Promise<void> {
  if (items.length === 0) return;
  const { error } = await supabase
    .from('pantry')
    .insert(items.map((item) => ({ ...item, household_id: householdId })));
  if (error) throw error;
}

/** Puts a deleted row back as it was (Undo): the same id and values, added by whoever undoes it. */
export async function restorePantryItem(householdId: string, item: PantryItem): Promise<void> {
  const { user_id: _addedBy, ingredients: _pack, ...row } = item;
  const { error } = await supabase.from('pantry').insert({ ...row, household_id: householdId });
  if (error) throw error;
}

export async function updatePantryItem(id: string, item: Partial<ItemFormValues>): Promise<void> {
  const { error } = await supabase.from('pantry').update(item).eq('id', id);
  if (error) throw error;
}

export async function deletePantryItem(id: string): Promise<void> {
  const { error } = await supabase.from('pantry').delete().eq('id', id);
  if (error) throw error;
}
