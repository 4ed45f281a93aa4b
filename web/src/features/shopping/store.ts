import { proxy, useSnapshot } from 'valtio';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import { newestReads } from '../../lib/live-reads.ts';
import { pendingWrites } from '../../lib/pending-writes.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import {
  addShoppingItems,
  addShoppingItemsOnce,
  deleteCheckedItems,
  deleteShoppingItem,
  listShoppingItems,
  restoreShoppingItem,
  type ShoppingItem,
  updateShoppingItem,
} from './api.ts';
import { planAdd } from './merge.ts';
import {
  enqueue,
  type QueuedChange,
  savedList,
  savedQueue,
  saveList,
  saveQueue,
  withQueue,
} from './offline.ts';

interface ShoppingState {
  items: ShoppingItem[];
  loaded: boolean;
  /** The browser says it has no connection. */
  offline: boolean;
  /** Changes made offline, not yet sent. */
  waiting: number;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const shopping = proxy<ShoppingState>({ items: [], loaded: false, offline: isOffline(), waiting: 0 });

/** Ticks being saved: a tick shows at once, whatever a read in flight says. */
const ticks = pendingWrites<ShoppingItem>((i) => i.id);

export function resetShopping(): void {
  shopping.items = [];
  shopping.loaded = false;
  ticks.clear();
}
onReset('household', resetShopping);

/** Every live change reads the list again; of overlapping reads the newest answer stands. */
const reads = newestReads();

/** The list from the server, else (offline) the last one this browser saw; queued changes on top. */
export async function loadShopping(householdId: string): Promise<void> {
  const queue = savedQueue(householdId);
  shopping.waiting = queue.length;
  if (queue.length > 0 && !isOffline()) {
    await sendQueued(householdId);
    return;
  }
  const last = isOffline() && !shopping.loaded ? savedList(householdId) : null;
  // Opened without a connection: the last list at once, not after the request's retries fail.
  if (last) {
    shopping.items = withQueue(last, queue);
    shopping.loaded = true;
  }
  try {
    const withTicks = ticks.read();
    const read = await reads.read(() => listShoppingItems(householdId));
    if (!read) return;
    const items = withTicks(read.answer);
    saveList(householdId, items);
    shopping.items = withQueue(items, queue);
  } catch (error) {
    console.error('loading the shopping list failed', error);
    const saved = savedList(householdId);
    if (saved && (isOffline() || !shopping.loaded))
      shopping.items = withQueue(saved, savedQueue(householdId));
  } finally {
    shopping.loaded = true;
  }
}

function queueChange(householdId: string, change: QueuedChange): void {
  const queue = enqueue(savedQueue(householdId), change);
  saveQueue(householdId, queue);
  shopping.waiting = queue.length;
  shopping.items = withQueue(savedList(householdId) ?? shopping.items, queue);
}

let sending: Promise<void> | null = null;

/**
 * Sends what was changed offline, in order, then reads the list again. A change the server
 * refuses is dropped (it would be refused again); one that fails to arrive stays queued.
 */
function sendQueued(householdId: string): Promise<void> {
  sending ??= (async () => {
    let queue = savedQueue(householdId);
    while (queue.length > 0 && !isOffline()) {
      const change = queue[0]!;
      try {
        await sendChange(householdId, change);
      } catch (error) {
        if (isOffline() || !(error as { code?: string })?.code) break;
        console.error('a queued shopping change was refused', error);
      }
      queue = queue.slice(1);
      saveQueue(householdId, queue);
      shopping.waiting = queue.length;
    }
  })().finally(() => {
    sending = null;
  });
  return sending.then(() => (savedQueue(householdId).length === 0 ? loadShopping(householdId) : undefined));
}

function sendChange(householdId: string, change: QueuedChange): Promise<void> {
  switch (change.kind) {
    case 'add':
      return addShoppingItemsOnce(householdId, [{ ...change.item, id: change.id }]);
    case 'tick':
      return updateShoppingItem(change.id, { checked: change.checked });
    case 'remove':
      return deleteShoppingItem(change.id);
    case 'restore':
      return restoreShoppingItem(householdId, change.item);
  }
}

/** Adds items, merging each into an unticked line of the same ingredient and unit (see planAdd). */
export async function addToShopping(householdId: string, items: ItemValues[]): Promise<void> {
  if (isOffline()) {
    for (const item of items) queueChange(householdId, { kind: 'add', id: crypto.randomUUID(), item });
    return;
  }
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
  if (isOffline()) {
    queueChange(householdId, { kind: 'tick', id, checked });
    return;
  }
  const item = shopping.items.find((i) => i.id === id);
  if (item) item.checked = checked;
  try {
    await ticks.write(id, { checked }, () => updateShoppingItem(id, { checked }));
  } finally {
    await loadShopping(householdId);
  }
}

/**
 * Removes a line; returns it as it was, for Undo (issue 20: 6). Offline, the removal waits in the
 * queue like a tick.
 */
export async function removeFromShopping(householdId: string, id: string): Promise<ShoppingItem | null> {
  const found = shopping.items.find((i) => i.id === id);
  const removed = found ? (JSON.parse(JSON.stringify(found)) as ShoppingItem) : null;
  if (isOffline()) {
    queueChange(householdId, { kind: 'remove', id });
    return removed;
  }
  await deleteShoppingItem(id);
  await loadShopping(householdId);
  return removed;
}

/** Undo of a removal: the same line back, through the queue when offline. */
export async function undoRemoveFromShopping(householdId: string, item: ShoppingItem): Promise<void> {
  if (isOffline()) {
    queueChange(householdId, { kind: 'restore', id: item.id, item });
    return;
  }
  await restoreShoppingItem(householdId, item);
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

/**
 * Going offline shows on the list; coming back sends what waited (issue 20). The watch starts
 * with the live channels, once the page is idle: a connection back before then (an app opened
 * in a shop, then the door) fired its event unheard, so the state is read again as it starts.
 */
export function watchShoppingConnection(householdId: string): () => void {
  const offline = () => {
    shopping.offline = true;
  };
  const online = () => {
    shopping.offline = false;
    void sendQueued(householdId);
  };
  shopping.offline = isOffline();
  // Anything waiting goes now; the channels' first join reads the list again anyway.
  if (!shopping.offline && savedQueue(householdId).length > 0) void sendQueued(householdId);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

export function useShopping(): {
  items: readonly ShoppingItem[];
  loaded: boolean;
  offline: boolean;
  waiting: number;
} {
  return useSnapshot(shopping) as {
    items: readonly ShoppingItem[];
    loaded: boolean;
    offline: boolean;
    waiting: number;
  };
}
