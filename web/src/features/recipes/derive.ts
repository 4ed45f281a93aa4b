import { nutritionPerPortion, portionsOrDefault } from '../../../../shared/nutrition/per-portion.ts';
import type { NutritionPerPortion } from '../../../../shared/nutrition/types.ts';
import { portionsCost, priceRecipe } from '../../../../shared/pricing/price-recipe.ts';
import type { ChainKey } from '../../../../shared/pricing/types.ts';
import { CHAINS } from '../../../../shared/pricing/types.ts';
import type { PriceRecord, Recipe, RecipePrice } from './api.ts';

export type Nutrition = NutritionPerPortion;

export interface RecipeView {
  recipe: Recipe;
  nutrition: Nutrition;
  /** Per chain for the recipe's own portions; null while no price records are known. */
  price: RecipePrice | null;
  /** True while any of its ingredients is priced from sample data (ingredient_prices.is_sample). */
  sample: boolean;
}

/** Whether the recipe's prices include sample data, so every price of it says "sample prices". */
export function recipeIsSample(recipe: Recipe, prices: ReadonlyMap<number, PriceRecord>): boolean {
  return recipe.recipe_ingredients.some(
    (l) => l.ingredient_id != null && prices.get(Number(l.ingredient_id))?.is_sample === true,
  );
}

export function recipeNutrition(recipe: Recipe): Nutrition {
  return nutritionPerPortion(recipe.recipe_ingredients, recipe.portions);
}

/**
 * Nutrition of `portions` portions, from the unrounded sums (rounded once at the end), so a total
 * never drifts from the per-portion rounding.
 */
export function totalNutrition(recipe: Recipe, portions: number): Nutrition {
  return nutritionPerPortion(recipe.recipe_ingredients, portionsOrDefault(recipe.portions) / portions);
}

/**
 * What `portions` portions cost at a chain, or null when it prices no line: shared's
 * portionsCost, the one rule behind the per-portion price too, so "for 1 portion" and "per
 * portion" always agree to the cent (issue 15).
 */
export function chainCost(price: RecipePrice, chain: ChainKey, portions: number): number | null {
  const totals = price.chains[chain];
  if (!totals || totals.priced === 0) return null;
  return portionsCost(totals.total, price.portions, portions);
}

/** Prices the recipe locally with shared's priceRecipe, from price records already loaded. */
export function localPrice(
  recipe: Recipe,
  prices: ReadonlyMap<number, PriceRecord>,
  scale = 1,
): RecipePrice | null {
  if (prices.size === 0) return null;
  const lines = recipe.recipe_ingredients.map((line) => ({
    ...line,
    prices: prices.get(Number(line.ingredient_id)) ?? null,
  }));
  return priceRecipe(lines, { portions: recipe.portions, scale });
}

/**
 * Views whose nutrition and price are worked out on first read, so a list of thousands only
 * computes what it shows (or what a cost filter needs).
 */
export function recipeViews(
  items: readonly Recipe[],
  prices: ReadonlyMap<number, PriceRecord>,
): RecipeView[] {
  return items.map((recipe) => {
    let nutrition: Nutrition | undefined;
    let price: RecipePrice | null | undefined;
    return {
      recipe,
      get nutrition() {
        nutrition ??= recipeNutrition(recipe);
        return nutrition;
      },
      get price() {
        if (price === undefined) price = localPrice(recipe, prices);
        return price;
      },
      get sample() {
        return recipeIsSample(recipe, prices);
      },
    };
  });
}

export interface IngredientCost {
  key: string;
  name: string;
  costs: Partial<Record<ChainKey, number | null>>;
}

/** The per-ingredient breakdown of a price (price-recipe's `lines`), for `scale` times the recipe. */
export function ingredientCosts(price: RecipePrice | null, scale = 1): IngredientCost[] {
  return (price?.lines ?? []).map((line, i) => ({
    key: `${line.ingredient_id ?? 'x'}-${i}`,
    name: line.name,
    costs: Object.fromEntries(
      CHAINS.map((c) => {
        const p = line.prices[c]?.price;
        return [c, typeof p === 'number' ? p * scale : null];
      }),
    ),
  }));
}
