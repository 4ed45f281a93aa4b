/**
 * The product's rules come from shared/ (CONTRACTS 5), the one place each rule lives; this file
 * and `domain-core.ts` (the light ones the first page needs) are the app's import points for them.
 */

export type {
  ChainKey,
  ChainTotals,
  IngredientPriceRecord,
  NutritionPerPortion,
  PricedLine,
  RecipePrice as SharedRecipePrice,
} from '../../../shared/mod.ts';
export {
  displayAmount,
  formatAmountText,
  formatDuration,
  formatQuantity,
  nutritionPerPortion,
  parseQuantity,
  pluralizeUnit,
  preferredUnits,
  priceRecipe,
  toGrams,
} from '../../../shared/mod.ts';
