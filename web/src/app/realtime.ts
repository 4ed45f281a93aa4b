import { subscribeCooks } from '../features/cooks/store.ts';
import { subscribeFavourites } from '../features/favourites/store.ts';
import { subscribeMeals } from '../features/meal-planner/store.ts';
import { subscribePantry } from '../features/pantry/store.ts';
import { subscribeProfile } from '../features/profile/store.ts';
import { subscribeRecipes } from '../features/recipes/store.ts';
import { subscribeShopping } from '../features/shopping/store.ts';
import { startClosedChannelCheck } from '../lib/realtime.ts';

/** Spec 7: the realtime subscriptions of a signed-in user; returns one function that closes them all. */
export function openRealtime(userId: string): () => void {
  const closers = [
    subscribeFavourites(userId),
    subscribeMeals(userId),
    subscribeCooks(userId),
    subscribeRecipes(userId),
    subscribePantry(userId),
    subscribeShopping(userId),
    subscribeProfile(userId),
    startClosedChannelCheck(),
  ];
  return () => {
    for (const close of closers) close();
  };
}
