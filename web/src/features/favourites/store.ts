import { useSyncExternalStore } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { liveReads } from '../../lib/live-reads.ts';
import { pendingChanges } from '../../lib/pending-writes.ts';
import { type Change, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { addFavourite, type FavouriteRow, listFavouriteIds, removeFavourite } from './api.ts';

interface FavouritesState {
  ids: string[];
  loaded: boolean;
}

export const favourites = proxy<FavouritesState>({ ids: [], loaded: false });

/** Toggles being saved, by recipe id: the heart shows the choice, whatever a read in flight says. */
const toggles = pendingChanges<string, boolean>((ids, on) => [
  ...ids.filter((id) => on.get(id) !== false),
  ...[...on].filter(([id, is]) => is && !ids.includes(id)).map(([id]) => id),
]);

/** Live changes heard while the favourites are read are laid over the read's answer. */
const reads = liveReads<Change<FavouriteRow>>();

function withChange(ids: string[], change: Change<FavouriteRow>): string[] {
  if (change.eventType === 'DELETE') {
    const gone = change.old.recipe_id;
    return gone ? ids.filter((id) => id !== String(gone)) : ids;
  }
  const added = String(change.new.recipe_id);
  return ids.includes(added) ? ids : [...ids, added];
}

export function resetFavourites(): void {
  favourites.ids = [];
  favourites.loaded = false;
  toggles.clear();
}
onReset('person', resetFavourites);

export async function loadFavourites(userId: string): Promise<void> {
  try {
    const withToggles = toggles.read();
    favourites.ids = withToggles(await reads.read(() => listFavouriteIds(userId), withChange));
  } catch (error) {
    console.error('loading favourites failed', error);
  } finally {
    favourites.loaded = true;
  }
}

function include(recipeId: string, on: boolean): void {
  const has = favourites.ids.includes(recipeId);
  if (on && !has) favourites.ids.push(recipeId);
  if (!on && has) favourites.ids = favourites.ids.filter((id) => id !== recipeId);
}

/**
 * Spec 4: the list changes at once; if the server refuses, this recipe alone goes back to how it
 * was (other changes made meanwhile stay), and the failure is only logged (spec 8).
 */
export async function toggleFavourite(userId: string, recipeId: string): Promise<void> {
  const wasFavourite = favourites.ids.includes(recipeId);
  include(recipeId, !wasFavourite);
  try {
    await toggles.write(
      recipeId,
      !wasFavourite,
      () => (wasFavourite ? removeFavourite(userId, recipeId) : addFavourite(userId, recipeId)),
      () => include(recipeId, wasFavourite),
    );
  } catch (error) {
    console.error('saving the favourite failed', error);
  }
}

export function applyFavouriteChange(change: Change<FavouriteRow>): void {
  reads.hear(change);
  const ids = withChange(favourites.ids, change);
  if (ids !== favourites.ids) favourites.ids = ids;
}

export function liveFavourites(userId: string): TopicTable {
  return topicTable<FavouriteRow>('favourites', applyFavouriteChange, () => void loadFavourites(userId));
}

export function useFavouriteIds(): readonly string[] {
  return useSnapshot(favourites).ids;
}

const subscribeFavourites = (onChange: () => void) => subscribe(favourites, onChange);

/**
 * One recipe's heart: a plain boolean subscription rather than a tracked snapshot, because a
 * page draws one per card and tracking every id read through a proxy made each one slow.
 */
export function useIsFavourite(recipeId: string): boolean {
  return useSyncExternalStore(subscribeFavourites, () => favourites.ids.includes(recipeId));
}
