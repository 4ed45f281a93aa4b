import { proxy, useSnapshot } from 'valtio';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import {
  addShoppingItems,
  deleteCheckedItems,
  deleteShoppingItem,
  listShoppingItems,
  type ShoppingItem,
  updateShoppingItem,
} from './api.ts';
import { planAdd } from './merge.ts';

interface ShoppingState {
  items: ShoppingItem[];
  loaded: boolean;
}

export const shopping = proxy<ShoppingState>({ items: [], loaded: false });

export function resetShopping(): void {
  shopping.items = [];
  shopping.loaded = false;
}

export async function loadShopping(householdId: string): Promise<void> {
  try {
    shopping.items = await listShoppingItems(householdId);
  } catch (error) {
    console.error('loading the shopping list failed', error);
  } finally {
    shopping.loaded = true;
  }
}

/** Adds items, merging each into an unticked line of the same ingredient and unit (see planAdd). */
export async function addToShopping(householdId: string, items: ItemValues[]): Promise<void> {
  // The server's list, not the store's: another tab may have changed it since.
  const plan = planAdd(await listShoppingItems(householdId), items);
  try {
    await Promise.all(plan.updates.map((u) => updateShoppingItem(u.id, { quantity: u.quantity })));
    await addShoppingItems(householdId, plan.inserts);
  } finally {
    await loadShopping(householdId);
  }
}

export async function editShoppingItem(householdId: string, id: string, item: ItemValues): Promise<void> {
  await updateShoppingItem(id, item);
  await loadShopping(householdId);
}

/** Ticks show at once; the server's answer (or the re-fetch after a failure) settles it. */
export async function tickShoppingItem(householdId: string, id: string, checked: boolean): Promise<void> {
  const item = shopping.items.find((i) => i.id === id);
  if (item) item.checked = checked;
  try {
    await updateShoppingItem(id, { checked });
  } finally {
    await loadShopping(householdId);
  }
}

export async function removeFromShopping(householdId: string, id: string): Promise<void> {
  await deleteShoppingItem(id);
  await loadShopping(householdId);
}

export async function clearTicked(householdId: string): Promise<void> {
  await deleteCheckedItems(householdId);
  await loadShopping(householdId);
}

/** Spec 4: the list is re-fetched on any change rather than patched from the payload. */
export function liveShopping(householdId: string): TopicTable {
  const reload = () => void loadShopping(householdId);
  // After a lost feed (or when it first goes live) only a list on screen needs fetching again.
  const resync = () => void (shopping.loaded && loadShopping(householdId));
  return topicTable('shopping', reload, resync);
}

export function useShopping(): { items: readonly ShoppingItem[]; loaded: boolean } {
  return useSnapshot(shopping) as { items: readonly ShoppingItem[]; loaded: boolean };
}
