import type { ItemValues } from '../../components/ui/item-fields.ts';
import type { ShoppingItem } from './api.ts';

/**
 * The shopping list in the shop without reception (issue 20): the last list each household saw
 * is kept in the browser, and ticks, additions and removals (and their undos) made offline wait in
 * a queue that is sent when the connection is back. Per line the last tick wins, and a queued tick is sent even when the
 * line changed meanwhile, so no tick is lost; an addition carries its id, so sending it twice
 * adds it once.
 */
export type QueuedChange =
  | { kind: 'tick'; id: string; checked: boolean }
  | { kind: 'add'; id: string; item: ItemValues }
  | { kind: 'remove'; id: string }
  /** Undo of a removal already sent: the line as it was. */
  | { kind: 'restore'; id: string; item: ShoppingItem };

/**
 * Adds a change to the queue: a tick replaces an earlier tick of the same line (last wins); a
 * removal of a line only added offline drops the addition instead, and an Undo of a removal
 * still waiting drops the removal, so neither reaches the server at all.
 */
export function enqueue(queue: readonly QueuedChange[], change: QueuedChange): QueuedChange[] {
  const same = (c: QueuedChange) => c.id === change.id;
  switch (change.kind) {
    // Later than any addition of the same line, so it is sent after it.
    case 'tick':
      return [...queue.filter((c) => !(c.kind === 'tick' && same(c))), change];
    case 'remove':
      return queue.some((c) => c.kind === 'add' && same(c))
        ? queue.filter((c) => !same(c))
        : // Its waiting tick stays: should the removal be undone, the line is back as it was.
          [...queue, change];
    case 'restore':
      return queue.some((c) => c.kind === 'remove' && same(c))
        ? queue.filter((c) => !(c.kind === 'remove' && same(c)))
        : [...queue, change];
    default:
      return [...queue, change];
  }
}

/** The list as it will be once the queue is sent: queued additions added, queued ticks applied. */
/** A line added by hand carries none of the plan's columns. */
const HAND_ADDED: Pick<ShoppingItem, 'plan_key' | 'plan_quantity' | 'plan_need' | 'plan_meals'> = {
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
};

export function withQueue(
  items: readonly ShoppingItem[],
  queue: readonly QueuedChange[],
  userId = '',
): ShoppingItem[] {
  const known = new Set(items.map((i) => i.id));
  const added: ShoppingItem[] = queue.flatMap((c) =>
    c.kind === 'add' && !known.has(c.id)
      ? [{ ...c.item, ...HAND_ADDED, id: c.id, user_id: userId, checked: false }]
      : c.kind === 'restore' && !known.has(c.id)
        ? [c.item]
        : [],
  );
  const removed = new Set(queue.flatMap((c) => (c.kind === 'remove' ? [c.id] : [])));
  const ticks = new Map(queue.flatMap((c) => (c.kind === 'tick' ? [[c.id, c.checked] as const] : [])));
  return [...items, ...added]
    .filter((i) => !removed.has(i.id))
    .map((i) => (ticks.has(i.id) ? { ...i, checked: ticks.get(i.id)! } : i));
}

const listKey = (householdId: string) => `larder:shopping:${householdId}`;
const queueKey = (householdId: string) => `larder:shopping-queue:${householdId}`;

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full or blocked storage only costs the offline copy.
    console.error('saving the offline copy failed', error);
  }
}

export const savedList = (householdId: string): ShoppingItem[] | null => read(listKey(householdId), null);
export const saveList = (householdId: string, items: readonly ShoppingItem[]): void =>
  write(listKey(householdId), items);
export const savedQueue = (householdId: string): QueuedChange[] => read(queueKey(householdId), []);
export const saveQueue = (householdId: string, queue: readonly QueuedChange[]): void =>
  write(queueKey(householdId), queue);
