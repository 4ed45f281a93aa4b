import { subscribeCooks } from '../features/cooks/store.ts';
import { subscribeFavourites } from '../features/favourites/store.ts';
import { subscribeHousehold } from '../features/household/store.ts';
import { subscribeMeals } from '../features/meal-planner/store.ts';
import { subscribePantry } from '../features/pantry/store.ts';
import { subscribeProfile } from '../features/profile/store.ts';
import { subscribeRecipes } from '../features/recipes/store.ts';
import { subscribeShopping } from '../features/shopping/store.ts';
import { startClosedChannelCheck } from '../lib/realtime.ts';

/** Spec 7: the signed-in person's own subscriptions; returns one function that closes them all. */
export function openRealtime(userId: string): () => void {
  return closeAll([
    subscribeFavourites(userId),
    subscribeRecipes(userId),
    subscribeProfile(userId),
    startClosedChannelCheck(),
  ]);
}

/** The household's shared lists (issue 17): every member sees every change to them. */
export function openHouseholdRealtime(userId: string, householdId: string): () => void {
  return closeAll([
    subscribeMeals(householdId),
    subscribeCooks(householdId),
    subscribePantry(householdId),
    subscribeShopping(householdId),
    subscribeHousehold(userId, householdId),
  ]);
}

function closeAll(closers: (() => void)[]): () => void {
  return () => {
    for (const close of closers) close();
  };
}
