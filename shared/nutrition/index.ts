export { lineGrams } from './line-grams.ts';
export { nutritionPerPortion, portionsOrDefault } from './per-portion.ts';
export type { DbNumeric, LineIngredient, NutritionPerPortion, RecipeLine } from './types.ts';
