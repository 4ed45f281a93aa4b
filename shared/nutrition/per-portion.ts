import { nonNegative } from '../internal/numbers.ts';
import { lineGrams } from './line-grams.ts';
import type { NutritionPerPortion, RecipeLine } from './types.ts';

/**
 * The portions to divide by: a positive finite number (or numeric string) as given, otherwise
 * 1 (spec 3 "portions (treated as 1 when absent)", spec 9 "Default portions: 1").
 */
export function portionsOrDefault(portions: unknown): number {
  const n = nonNegative(portions);
  return n > 0 ? n : 1;
}

/**
 * Nutrition per portion of a recipe (spec 5 "Nutrition": computed per 100 g of ingredient,
 * summed, then divided by portions; spec 3: each rounded to a whole number).
 *
 * Each line's grams come from {@link lineGrams}; each nutrient adds `grams × per-100 g ÷ 100`.
 * Nutrient values may be numbers or numeric strings; missing, negative or non-numeric values
 * count as 0, as do lines without an ingredient. Portions absent or invalid → 1.
 *
 * @returns whole numbers ≥ 0 (kcal for calories, grams for the rest).
 */
export function nutritionPerPortion(lines: RecipeLine[], portions?: number | null): NutritionPerPortion {
  let calories = 0;
  let protein = 0;
  let carbs = 0;
  let fats = 0;
  if (Array.isArray(lines)) {
    for (const line of lines) {
      const ingredient = line !== null && typeof line === 'object' ? line.ingredients : null;
      if (ingredient === null || typeof ingredient !== 'object') continue;
      const hundreds = lineGrams(line) / 100;
      if (hundreds === 0) continue;
      calories += hundreds * nonNegative(ingredient.calories);
      protein += hundreds * nonNegative(ingredient.protein);
      carbs += hundreds * nonNegative(ingredient.carbs);
      fats += hundreds * nonNegative(ingredient.fats);
    }
  }
  const p = portionsOrDefault(portions);
  return {
    caloriesPerPortion: whole(calories / p),
    proteinPerPortion: whole(protein / p),
    carbsPerPortion: whole(carbs / p),
    fatsPerPortion: whole(fats / p),
  };
}

function whole(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  const r = Math.round(n);
  return Number.isFinite(r) ? r : 0;
}
