import { proxy, useSnapshot } from 'valtio';
import { subscribeTable } from '../../lib/realtime.ts';
import {
  addPantryItem,
  deletePantryItem,
  type ItemInput,
  listPantryItems,
  type PantryItem,
  updatePantryItem,
} from './api.ts';

interface PantryState {
  items: PantryItem[];
  loaded: boolean;
}

export const pantry = proxy<PantryState>({ items: [], loaded: false });

export function resetPantry(): void {
  pantry.items = [];
  pantry.loaded = false;
}

export async function loadPantry(userId: string): Promise<void> {
  try {
    pantry.items = await listPantryItems(userId);
  } catch (error) {
    console.error('loading the pantry failed', error);
  } finally {
    pantry.loaded = true;
  }
}

export async function addToPantry(userId: string, item: ItemInput): Promise<void> {
  await addPantryItem(userId, item);
  await loadPantry(userId);
}

export async function editPantryItem(userId: string, id: string, item: ItemInput): Promise<void> {
  await updatePantryItem(id, item);
  await loadPantry(userId);
}

export async function removeFromPantry(userId: string, id: string): Promise<void> {
  await deletePantryItem(id);
  await loadPantry(userId);
}

/** Spec 4: the pantry is re-fetched on any change rather than patched from the payload. */
export function subscribePantry(userId: string): () => void {
  return subscribeTable('pantry', userId, () => void loadPantry(userId));
}

export function usePantry(): { items: readonly PantryItem[]; loaded: boolean } {
  return useSnapshot(pantry);
}
