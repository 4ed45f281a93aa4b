/**
 * The shared domain library (`shared/`), the one home of the product's rules. Functions import
 * it through this file only, so the relative path out of `supabase/functions` lives in one place
 * (the deploy bundle carries it along: see README.md and tests/bundle.test.ts).
 */

export type {
  FeedError,
  FeedKind,
  ImportedRecipe,
  ImportFile,
  ImportOutcome,
  IngredientPriceRecord,
  KnownIngredient,
  NeedLine,
  PreparedImport,
  PricedLine,
  PriceImportLog,
  RecipePrice,
  Sourced,
} from '../../../shared/mod.ts';
export {
  baseUnitOf,
  cookNameField,
  DEFAULT_TIME_ZONE,
  describeFeedErrors,
  describeOutcome,
  feedError,
  groupDigits,
  indexIngredients,
  LIMITS,
  matchIngredient,
  mealWindow,
  normalizeName,
  PRICE_RECORD_SELECT,
  parseIngredientLine,
  prepareImport,
  priceBasket,
  priceRecipe,
  readField,
  recipesInPage,
  stageChunks,
  toBase,
} from '../../../shared/mod.ts';
