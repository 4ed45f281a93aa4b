/** Shapes of the seed's source data. The generator (`scripts/gen-seed.ts`) turns these into SQL. */

/** One ingredient with nutrition per 100 g, copied from a published food-composition record. */
export interface IngredientSource {
  /** Lower-case, singular, Australian usage ('brown onion', 'capsicum'). */
  readonly name: string;
  readonly source: 'USDA FoodData Central' | 'AFCD';
  /** The FDC id (USDA) or public food key (AFCD) of the record the numbers come from. */
  readonly sourceId: string;
  /** The source record's own description, so a reader can check the numbers against it. */
  readonly description: string;
  /** Grams per 100 g. */
  readonly protein: number;
  readonly carbs: number;
  readonly fats: number;
  /** kcal per 100 g. */
  readonly calories: number;
  /** Dietary fibre, g per 100 g (USDA counts it inside carbohydrate); 0 where the record gives none. Used only by the seed's sanity check. */
  readonly fibre: number;
}

/** A chain's pack: its measure as the shelf label shows it, the current and an earlier price in AUD. */
export interface ChainPrice {
  readonly measure: string;
  readonly current: number;
  readonly past: number;
}

/** Sample shelf prices of one ingredient; null where the chain does not stock the line. */
export interface PriceSource {
  readonly ingredient: string;
  readonly coles: ChainPrice | null;
  readonly woolworths: ChainPrice | null;
  readonly aldi: ChainPrice | null;
}

export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'snack';
export type DietTag = 'vegetarian' | 'vegan' | 'gluten-free' | 'dairy-free';

/** One ingredient line: quantity as written, unit name (null means grams), ingredient name, optional note. */
export type RecipeLine = readonly [quantity: string, unit: string | null, ingredient: string, note?: string];

export interface RecipeSource {
  readonly name: string;
  readonly mealType: MealType;
  readonly portions: number;
  /** Total time in minutes. */
  readonly duration: number;
  readonly description: string;
  readonly tags: readonly DietTag[];
  readonly steps: readonly string[];
  readonly lines: readonly RecipeLine[];
}
