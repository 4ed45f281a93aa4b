import { resetCook } from '../features/cook-from-pantry/store.ts';
import { resetCooks } from '../features/cooks/store.ts';
import { resetFavourites } from '../features/favourites/store.ts';
import { resetHousehold } from '../features/household/store.ts';
import { resetPlanner } from '../features/meal-planner/store.ts';
import { resetPantry } from '../features/pantry/store.ts';
import { resetProfile } from '../features/profile/store.ts';
import { resetRecipes } from '../features/recipes/store.ts';
import { resetShopping } from '../features/shopping/store.ts';

/** After sign-out nothing of the previous user stays in memory for the next one to see. */
export function resetStores(): void {
  resetHouseholdStores();
  resetFavourites();
  resetProfile();
  resetRecipes();
}

/** Leaving a household (or switching) leaves nothing of its lists on screen. */
export function resetHouseholdStores(): void {
  resetCook();
  resetCooks();
  resetHousehold();
  resetPlanner();
  resetPantry();
  resetShopping();
}
