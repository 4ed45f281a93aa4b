import { expect, it, vi } from 'vitest';
import { onReset, resetHouseholdStores, resetStores } from './store-resets.ts';

it("clears a household's lists when the household changes, and everything on sign-out", () => {
  const meals = vi.fn();
  const favourites = vi.fn();
  onReset('household', meals);
  onReset('person', favourites);
  resetHouseholdStores();
  expect(meals).toHaveBeenCalledTimes(1);
  expect(favourites).not.toHaveBeenCalled();
  resetStores();
  expect(meals).toHaveBeenCalledTimes(2);
  expect(favourites).toHaveBeenCalledTimes(1);
});

it('clears a store the session loaded, which registered its reset as it loaded', async () => {
  const { planner } = await import('../features/meal-planner/store.ts');
  planner.loaded = true;
  resetStores();
  expect(planner.loaded).toBe(false);
});
