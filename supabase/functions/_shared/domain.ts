/**
 * The shared domain library (`shared/`), the one home of the product's rules. Functions import
 * it through this file only, so the relative path out of `supabase/functions` lives in one place
 * (the deploy bundle carries it along: see README.md and tests/bundle.test.ts).
 */

export type {
  ImportedRecipe,
  IngredientPriceRecord,
  NeedLine,
  PricedLine,
} from '../../../shared/mod.ts';
export {
  baseUnitOf,
  cookNameField,
  emailField,
  indexIngredients,
  LIMITS,
  matchIngredient,
  normalizeName,
  PRICE_RECORD_SELECT,
  parseIngredientLine,
  planToday,
  priceBasket,
  priceRecipe,
  readField,
  recipesInPage,
  toBase,
} from '../../../shared/mod.ts';
