import { proxy, useSnapshot } from 'valtio';
import type { ItemFormValues } from '../../components/ui/item-fields.ts';
import { newestReads } from '../../lib/live-reads.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import {
  addPantryItem,
  addPantryItems,
  deletePantryItem,
  listPantryItems,
  type PantryItem,
  restorePantryItem,
  updatePantryItem,
} from './api.ts';
import { planPantryAdd, planPantryAdds } from './merge.ts';

interface PantryState {
  items: PantryItem[];
  loaded: boolean;
}

export const pantry = proxy<PantryState>({ items: [], loaded: false });

export function resetPantry(): void {
  pantry.items = [];
  pantry.loaded = false;
}
onReset('household', resetPantry);

/** Every live change reads the pantry again; of overlapping reads the newest answer stands. */
const reads = newestReads();

export async function loadPantry(householdId: string): Promise<void> {
  try {
    const read = await reads.read(() => listPantryItems(householdId));
    if (read) pantry.items = read.answer;
  } catch (error) {
    console.error('loading the pantry failed', error);
  } finally {
    pantry.loaded = true;
  }
}

/** A row that took an added item's quantity, as it is now. */
export interface MergedItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * Adds an item, or adds its quantity to the row of the same item already in the pantry (see
 * planPantryAdd). Returns that row as it is now when it merged, for the page to tell the person,
 * else null.
 */
export async function addToPantry(householdId: string, item: ItemFormValues): Promise<MergedItem | null> {
  // The server's list, not the store's: another tab may have changed it since.
  const plan = planPantryAdd(await listPantryItems(householdId), item);
  try {
    if (plan.kind === 'insert') {
      await addPantryItem(householdId, plan.item);
      return null;
    }
    const { kind: _kind, id, name: _name, ...change } = plan;
    await updatePantryItem(id, change);
    return { name: plan.name, quantity: plan.quantity, unit: plan.unit };
  } finally {
    await loadPantry(householdId);
  }
}

/**
 * Adds many items as adding each would (a pantry brought from another app): new rows in one
 * request, the rows they add to changed. Returns how many rows were added and how many changed.
 */
export async function addAllToPantry(
  householdId: string,
  items: readonly ItemFormValues[],
): Promise<{ added: number; merged: number }> {
  const plan = planPantryAdds(await listPantryItems(householdId), items);
  try {
    await addPantryItems(householdId, plan.inserts);
    for (const { id, ...change } of plan.updates) await updatePantryItem(id, change);
    return { added: plan.inserts.length, merged: plan.updates.length };
  } finally {
    await loadPantry(householdId);
  }
}

export async function editPantryItem(householdId: string, id: string, item: ItemFormValues): Promise<void> {
  await updatePantryItem(id, item);
  await loadPantry(householdId);
}

/** Deletes a row; returns it as it was, for Undo (issue 20: 6). */
export async function removeFromPantry(householdId: string, id: string): Promise<PantryItem | null> {
  const found = pantry.items.find((i) => i.id === id);
  const removed = found ? { ...found } : null;
  await deletePantryItem(id);
  await loadPantry(householdId);
  return removed;
}

/** Undo of a delete: the same row back. */
export async function undoRemoveFromPantry(householdId: string, item: PantryItem): Promise<void> {
  await restorePantryItem(householdId, item);
  await loadPantry(householdId);
}

/** Spec 4: the pantry is re-fetched on any change rather than patched from the payload. */
export function livePantry(householdId: string): TopicTable {
  const reload = () => void loadPantry(householdId);
  // After a lost feed (or when it first goes live) only a list on screen needs fetching again.
  const resync = () => void (pantry.loaded && loadPantry(householdId));
  return topicTable('pantry', reload, resync);
}

export function usePantry(): { items: readonly PantryItem[]; loaded: boolean } {
  return useSnapshot(pantry);
}
