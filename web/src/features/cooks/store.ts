import { proxy, useSnapshot } from 'valtio';
import { liveReads } from '../../lib/live-reads.ts';
import { type Change, mergeChange, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { readNowOrWhenIdle } from '../../lib/when-idle.ts';
import { addCook, type Cook, deleteCook, listCooks } from './api.ts';

interface CooksState {
  items: Cook[];
  loaded: boolean;
}

export const cooks = proxy<CooksState>({ items: [], loaded: false });
const byName = (a: Cook, b: Cook) => a.name.localeCompare(b.name, 'en-AU');
const withChange = (items: readonly Cook[], change: Change<Cook>) =>
  mergeChange(items, change, (c) => String(c.id)).sort(byName);

/** Live changes heard while the cooks are read are laid over the read's answer. */
const reads = liveReads<Change<Cook>>();

export function resetCooks(): void {
  cooks.items = [];
  cooks.loaded = false;
}
onReset('household', resetCooks);

export async function loadCooks(householdId: string): Promise<void> {
  try {
    cooks.items = await reads.read(() => listCooks(householdId), withChange);
  } catch (error) {
    console.error('loading cooks failed', error);
  } finally {
    cooks.loaded = true;
  }
}

/** For a screen that shows the cooks, on opening: those it has at once, read again when idle. */
export function refreshCooks(householdId: string): () => void {
  return readNowOrWhenIdle(cooks.loaded, () => void loadCooks(householdId));
}

/** Throws the catalogue message for the form to show. */
export async function createCook(name: string): Promise<void> {
  const cook = await addCook(name);
  cooks.items = withChange(cooks.items, { eventType: 'INSERT', new: cook } as Change<Cook>);
}

export async function removeCook(id: string): Promise<void> {
  await deleteCook(id);
  cooks.items = cooks.items.filter((c) => c.id !== id);
}

export function applyCookChange(change: Change<Cook>): void {
  reads.hear(change);
  cooks.items = withChange(cooks.items, change);
}

/** The household topic's cooks: changes merged live; fetched again only when on screen. */
export function liveCooks(householdId: string): TopicTable {
  return topicTable<Cook>('cooks', applyCookChange, () => void (cooks.loaded && loadCooks(householdId)));
}

export function useCooks(): { items: readonly Cook[]; loaded: boolean } {
  return useSnapshot(cooks);
}
