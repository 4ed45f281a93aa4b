/**
 * The shared domain library (`shared/`), the one home of the product's rules. Functions import
 * it through this file only, so the relative path out of `supabase/functions` lives in one place
 * (the deploy bundle carries it along: see README.md and tests/bundle.test.ts).
 */

export type {
  FeedError,
  FeedKind,
  FeedMapping,
  ImportedRecipe,
  ImportFile,
  ImportOutcome,
  IngredientPriceRecord,
  ListLine,
  PreparedImport,
  PricedLine,
  PriceImportLog,
  ShelfPriceRecord,
  Sourced,
  StageChunk,
} from '../../../shared/mod.ts';
export {
  cookNameField,
  describeFeedErrors,
  describeOutcome,
  emailField,
  feedError,
  groupDigits,
  indexIngredients,
  joinChunks,
  LIMITS,
  listNeeds,
  matchIngredient,
  matchProductsByName,
  PRICE_RECORD_SELECT,
  parseIngredientLine,
  planToday,
  prepareImport,
  priceBasket,
  priceRecipe,
  readCapped,
  readField,
  recipesInPage,
  stageChunks,
} from '../../../shared/mod.ts';
