/**
 * A numeric column as supabase-js delivers it: PostgREST sends `numeric` as a JSON number, but
 * a value may also arrive as a numeric string, and may be null.
 */
export type DbNumeric = number | string | null;

/** The embedded ingredient of a recipe line (spec 3 `ingredients`; nutrients per 100 g). */
export interface LineIngredient {
  id: number;
  name: string;
  protein: DbNumeric;
  carbs: DbNumeric;
  fats: DbNumeric;
  calories: DbNumeric;
  /** An own ingredient's weights (issue 20); built-in ones use Larder's tables. */
  grams_per_each?: DbNumeric;
  grams_per_ml?: DbNumeric;
}

/**
 * One recipe line exactly as supabase-js returns it for
 * `recipe_ingredients.select('quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories)')`
 * (spec 3 `recipe_ingredients`, spec 7).
 */
export interface RecipeLine {
  quantity: string | number | null;
  measurements: { name: string } | null;
  ingredients: LineIngredient | null;
}

/** Nutrition per portion, each a whole number (spec 3 "Derived nutrition per recipe"). */
export interface NutritionPerPortion {
  caloriesPerPortion: number;
  proteinPerPortion: number;
  carbsPerPortion: number;
  fatsPerPortion: number;
}
