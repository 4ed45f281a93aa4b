/** The seed's source data, read by `scripts/gen-seed.ts` (which writes `supabase/seed.sql`) and by its tests. */

import { BREAKFASTS } from './recipes/breakfast.ts';
import { DINNERS } from './recipes/dinner.ts';
import { LUNCHES } from './recipes/lunch.ts';
import { SNACKS } from './recipes/snack.ts';
import type { RecipeSource } from './types.ts';

export { INGREDIENTS } from './ingredients.ts';
export { MEASUREMENTS } from './measurements.ts';
export {
  HISTORY_START,
  PRICES,
  SAMPLE_HISTORY,
  SAMPLE_SOURCE,
  TYPO,
} from './price-history.ts';
export { PRICE_DATE } from './prices.ts';
export type * from './types.ts';

export const RECIPES: readonly RecipeSource[] = [...BREAKFASTS, ...LUNCHES, ...DINNERS, ...SNACKS];
