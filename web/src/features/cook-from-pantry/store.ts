import { proxy, useSnapshot } from 'valtio';
import { newestReads } from '../../lib/live-reads.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { addStaple, deleteStaple, listStaples, type StapleRow } from './api.ts';
import type { CookFilter, CookSort } from './views.ts';

interface CookState {
  staples: StapleRow[];
  loaded: boolean;
  error: string | null;
  filter: CookFilter;
  sort: CookSort;
}

export const cook = proxy<CookState>({
  staples: [],
  loaded: false,
  error: null,
  filter: 'all',
  sort: 'covered',
});

export function resetCook(): void {
  Object.assign(cook, { staples: [], loaded: false, error: null, filter: 'all', sort: 'covered' });
}
onReset('household', resetCook);

/** Every live change reads the staples again; of overlapping reads the newest answer stands. */
const reads = newestReads();

export async function loadStaples(householdId: string): Promise<void> {
  try {
    const read = await reads.read(() => listStaples(householdId));
    if (read) cook.staples = read.answer;
    cook.error = null;
  } catch (error) {
    console.error('loading staples failed', error);
    cook.error = 'Your staples could not be loaded.';
  } finally {
    cook.loaded = true;
  }
}

/** Marks something as always in stock; marking it twice is no change (one per household and name). */
export async function markStaple(
  householdId: string,
  staple: { name: string; ingredient_id: number | null },
) {
  const name = staple.name.trim().toLowerCase();
  if (cook.staples.some((s) => s.name.toLowerCase() === name)) return;
  try {
    await addStaple(householdId, staple);
  } finally {
    await loadStaples(householdId);
  }
}

export async function unmarkStaple(householdId: string, id: string): Promise<void> {
  try {
    await deleteStaple(id);
  } finally {
    await loadStaples(householdId);
  }
}

export function setCookFilter(filter: CookFilter): void {
  cook.filter = filter;
}

export function setCookSort(sort: CookSort): void {
  cook.sort = sort;
}

/** Another member marked or unmarked a staple: fetch them again (a short list). */
export function liveStaples(householdId: string): TopicTable {
  const reload = () => void loadStaples(householdId);
  return topicTable('staples', reload, () => void (cook.loaded && loadStaples(householdId)));
}

export function useCook() {
  return useSnapshot(cook);
}
