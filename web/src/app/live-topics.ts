import { liveStaples } from '../features/cook-from-pantry/store.ts';
import { liveCooks } from '../features/cooks/store.ts';
import { liveFavourites } from '../features/favourites/store.ts';
import { liveHousehold } from '../features/household/store.ts';
import { liveMeals } from '../features/meal-planner/store.ts';
import { livePantry } from '../features/pantry/store.ts';
import { liveProfile } from '../features/profile/store.ts';
import { liveRecipes } from '../features/recipes/store.ts';
import { liveAisles } from '../features/shopping/aisles-store.ts';
import { liveShopping, watchShoppingConnection } from '../features/shopping/store.ts';
import { startClosedChannelCheck, subscribeHouseholdTopic, subscribeTopic } from '../lib/realtime.ts';

/**
 * Spec 7, issue 26: the signed-in person's own topic (profile, favourites, own recipes), one
 * private channel; returns one function that closes it and the closed-channel check.
 */
export function openRealtime(userId: string): () => void {
  return closeAll([
    subscribeTopic(`user:${userId}`, [liveFavourites(userId), liveRecipes(), liveProfile(userId)]),
    startClosedChannelCheck(),
  ]);
}

/**
 * The household's topic (issue 17, 26): every member hears every change to the plan, cooks,
 * pantry, list, members and the recipes shared with it, over one private channel. Closing it
 * (leaving, switching) stops the household's messages at once.
 */
export function openHouseholdRealtime(userId: string, householdId: string): () => void {
  return closeAll([watchShoppingConnection(householdId), openHouseholdTopic(userId, householdId)]);
}

function openHouseholdTopic(userId: string, householdId: string): () => void {
  return subscribeHouseholdTopic(householdId, [
    liveMeals(householdId),
    liveCooks(householdId),
    livePantry(householdId),
    liveStaples(householdId),
    liveShopping(householdId),
    liveAisles(householdId),
    liveRecipes(),
    ...liveHousehold(userId, householdId),
  ]);
}

function closeAll(closers: (() => void)[]): () => void {
  return () => {
    for (const close of closers) close();
  };
}
