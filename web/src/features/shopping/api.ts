import type { Basket } from '../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../shared/basket/needs.ts';
import type { PutAwayEntry } from '../../../../shared/put-away/put-away.ts';
import type { Tables } from '../../../../supabase/database.types.ts';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import { allRows } from '../../lib/all-rows.ts';
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
> & {
  /**
   * The line's ingredient's shop category (issue 25) and, for an own ingredient, its pack (issue
   * 20); absent for free text or a line added offline.
   */
  ingredients?:
    | (Pick<Tables<'ingredients'>, 'shop_category'> &
        Partial<Pick<Tables<'ingredients'>, 'pack_size' | 'pack_unit'>>)
    | null;
};

const COLUMNS =
  'id, user_id, name, ingredient_id, quantity, unit, checked, plan_key, plan_quantity, plan_need, plan_meals, ingredients(shop_category, pack_size, pack_unit)';

export async function listShoppingItems(householdId: string): Promise<ShoppingItem[]> {
  return (await allRows((from, to) =>
    supabase
      .from('shopping')
      .select(COLUMNS)
      .eq('household_id', householdId)
      .order('checked')
      .order('name')
      .order('id')
      .range(from, to),
  )) as ShoppingItem[];
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

/**
 * Puts a deleted line back as it was (Undo): the same id, amount, tick and plan columns, added by
 * whoever undoes it. Sent twice (a queued undo sent again), it is put back once.
 */
export async function restoreShoppingItem(householdId: string, item: ShoppingItem): Promise<void> {
  const { user_id: _addedBy, ingredients: _category, ...row } = item;
  const { error } = await supabase
    .from('shopping')
    .upsert({ ...row, household_id: householdId }, { onConflict: 'id', ignoreDuplicates: true });
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

/** The household's store (issue 25): chain, aisle order, whether cooking takes from the pantry. */
export type HouseholdShop = Pick<Tables<'household_shops'>, 'chain' | 'aisle_order' | 'subtract_when_cooked'>;

const SHOP_COLUMNS = 'chain, aisle_order, subtract_when_cooked';

/** The household's store, or null when it has not set one up (the defaults apply). */
export async function getHouseholdShop(householdId: string): Promise<HouseholdShop | null> {
  const { data, error } = await supabase
    .from('household_shops')
    .select(SHOP_COLUMNS)
    .eq('household_id', householdId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function saveHouseholdShop(householdId: string, shop: Partial<HouseholdShop>): Promise<void> {
  const { error } = await supabase
    .from('household_shops')
    .upsert({ household_id: householdId, ...shop }, { onConflict: 'household_id' });
  if (error) throw error;
}

/** Moves ticked lines into the pantry (put_away_shopping): all or nothing; the receipt's id undoes it. */
export async function putAwayShopping(
  entries: readonly PutAwayEntry[],
): Promise<{ id: string; moved: number }> {
  const { data, error } = await supabase.rpc('put_away_shopping', { lines: entries as never });
  if (error) throw error;
  return data as unknown as { id: string; moved: number };
}

/** Undoes a put-away; the notes say what others changed meanwhile and was kept. */
export async function undoPutAway(id: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('undo_put_away', { put_away: id });
  if (error) throw error;
  return ((data as { notes?: string[] } | null)?.notes ?? []) as string[];
}

/** A chain's whole packs for the ticked lines, per ingredient, in the line's base unit (price-basket). */
export async function priceBoughtLines(
  lines: readonly { ingredient_id: number; amount: number; unit: string | null }[],
): Promise<{ lines: NeedLine[]; basket: Basket } | null> {
  if (lines.length === 0) return null;
  const { data, error } = await supabase.functions.invoke<{ lines: NeedLine[]; basket: Basket }>(
    'price-basket',
    {
      body: { lines },
    },
  );
  if (error || !data?.basket) return null;
  return data;
}
