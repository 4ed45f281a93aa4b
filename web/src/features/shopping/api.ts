import { supabase } from '../../lib/supabase.ts';

export interface ShoppingItem extends Record<string, unknown> {
  id: string;
  user_id: string;
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
  checked: boolean;
}

export interface ItemInput {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
}

const COLUMNS = 'id, user_id, name, ingredient_id, quantity, unit, checked';

export async function listShoppingItems(userId: string): Promise<ShoppingItem[]> {
  const { data, error } = await supabase
    .from('shopping')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('checked')
    .order('name');
  if (error) throw error;
  return (data ?? []) as ShoppingItem[];
}

export async function addShoppingItems(userId: string, items: ItemInput[]): Promise<void> {
  if (items.length === 0) return;
  const { error } = await supabase.from('shopping').insert(items.map((i) => ({ ...i, user_id: userId })));
  if (error) throw error;
}

export async function updateShoppingItem(id: string, patch: Partial<ItemInput & { checked: boolean }>) {
  const { error } = await supabase.from('shopping').update(patch).eq('id', id);
  if (error) throw error;
}

export async function deleteShoppingItem(id: string): Promise<void> {
  const { error } = await supabase.from('shopping').delete().eq('id', id);
  if (error) throw error;
}

export async function deleteCheckedItems(userId: string): Promise<void> {
  const { error } = await supabase.from('shopping').delete().eq('user_id', userId).eq('checked', true);
  if (error) throw error;
}
