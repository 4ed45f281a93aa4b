/**
 * The product's rules come from shared/ (CONTRACTS 5), the one place each rule lives; this file
 * is the app's single import point for them.
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
  AVATARS,
  avatarUrl,
  dedupeRecipes,
  displayName,
  formatDuration,
  formatQuantity,
  mealWindow,
  nutritionPerPortion,
  parseQuantity,
  pluralizeUnit,
  preferredUnits,
  priceRecipe,
  randomAvatar,
  toGrams,
} from '../../../shared/mod.ts';
