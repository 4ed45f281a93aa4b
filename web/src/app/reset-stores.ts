import { resetCooks } from '../features/cooks/store.ts';
import { resetFavourites } from '../features/favourites/store.ts';
import { resetPlanner } from '../features/meal-planner/store.ts';
import { resetPantry } from '../features/pantry/store.ts';
import { resetProfile } from '../features/profile/store.ts';
import { resetRecipes } from '../features/recipes/store.ts';
import { resetShopping } from '../features/shopping/store.ts';

/** After sign-out nothing of the previous user stays in memory for the next one to see. */
export function resetStores(): void {
  resetCooks();
  resetFavourites();
  resetPlanner();
  resetPantry();
  resetProfile();
  resetRecipes();
  resetShopping();
}
