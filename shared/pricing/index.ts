export { type PackMeasure, parsePackMeasure, readPackMeasure } from './pack-measure.ts';
export { changePercent, portionsCost, priceRecipe } from './price-recipe.ts';
export {
  CHAIN_NAMES,
  CHAINS,
  type ChainKey,
  type ChainTotals,
  type IngredientPriceRecord,
  type LineChainPrice,
  PRICE_COLUMNS,
  PRICE_RECORD_SELECT,
  type PricedLine,
  type PricedLineResult,
  type PriceOptions,
  type PriceReason,
  type RecipePrice,
  type ShelfPriceRecord,
} from './types.ts';
