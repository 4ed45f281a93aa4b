import type { Tables } from '../../../../supabase/database.types.ts';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import { supabase } from '../../lib/supabase.ts';

export type ShoppingItem = Pick<
  Tables<'shopping'>,
  | 'id'
  | 'user_id'
  | 'name'
  | 'ingredient_id'
  | 'quantity'
  | 'unit'
  | 'checked'
  | 'plan_key'
  | 'plan_quantity'
  | 'plan_need'
  | 'plan_meals'
>;

const COLUMNS =
  'id, user_id, name, ingredient_id, quantity, unit, checked, plan_key, plan_quantity, plan_need, plan_meals';

export async function listShoppingItems(householdId: string): Promise<ShoppingItem[]> {
  const { data, error } = await supabase
    .from('shopping')
    .select(COLUMNS)
    .eq('household_id', householdId)
    .order('checked')
    .order('name');
  if (error) throw error;
  return (data ?? []) as ShoppingItem[];
}

export async function addShoppingItems(householdId: string, items: ItemValues[]): Promise<void> {
  if (items.length === 0) return;
  const { error } = await supabase
    .from('shopping')
    .insert(items.map((i) => ({ ...i, household_id: householdId })));
  if (error) throw error;
}

/** Sends additions made offline; each carries its id, so sending one again adds nothing. */
export async function addShoppingItemsOnce(
  householdId: string,
  items: (ItemValues & { id: string })[],
): Promise<void> {
  if (items.length === 0) return;
  const { error } = await supabase.from('shopping').upsert(
    items.map((i) => ({ ...i, household_id: householdId })),
    { onConflict: 'id', ignoreDuplicates: true },
  );
  if (error) throw error;
}

export async function updateShoppingItem(id: string, patch: Partial<ItemValues & { checked: boolean }>) {
  const { error } = await supabase.from('shopping').update(patch).eq('id', id);
  if (error) throw error;
}

export async function deleteShoppingItem(id: string): Promise<void> {
  const { error } = await supabase.from('shopping').delete().eq('id', id);
  if (error) throw error;
}

export async function deleteCheckedItems(householdId: string): Promise<void> {
  const { error } = await supabase
    .from('shopping')
    .delete()
    .eq('household_id', householdId)
    .eq('checked', true);
  if (error) throw error;
}
