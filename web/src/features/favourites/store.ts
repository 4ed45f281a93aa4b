import { useSyncExternalStore } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
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

export function resetFavourites(): void {
  favourites.ids = [];
  favourites.loaded = false;
  toggles.clear();
}
onReset('person', resetFavourites);

export async function loadFavourites(userId: string): Promise<void> {
  try {
    const withToggles = toggles.read();
    favourites.ids = withToggles(await listFavouriteIds(userId));
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
  if (change.eventType === 'DELETE') {
    if (change.old.recipe_id) include(String(change.old.recipe_id), false);
  } else {
    include(String(change.new.recipe_id), true);
  }
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
