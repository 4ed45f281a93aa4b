import { displayAmount as sharedDisplayAmount } from '../../../../shared/display/amount.ts';
import { nutritionPerPortion, portionsOrDefault } from '../../../../shared/nutrition/per-portion.ts';
import type { NutritionPerPortion } from '../../../../shared/nutrition/types.ts';
import { portionsCost, priceRecipe } from '../../../../shared/pricing/price-recipe.ts';
import type { ChainKey } from '../../../../shared/pricing/types.ts';
import { CHAINS } from '../../../../shared/pricing/types.ts';
import { parseQuantity } from '../../../../shared/quantity/parse.ts';
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

export interface DisplayLine {
  key: string;
  /** The line's ingredient, whose prices its name links to; null for a line without one. */
  ingredientId: number | null;
  name: string;
  amount: string;
  note: string | null;
}

/**
 * A line's amount as shared's displayAmount shows it (spec 9), for `scale` times the recipe; a
 * text quantity such as 'to taste' is shown as written.
 */
export function displayAmount(
  quantityText: string | null,
  unit: string | null,
  name: string,
  scale: number,
): string {
  const shown = sharedDisplayAmount(parseQuantity(quantityText) * scale, unit, name).text;
  return shown === '' ? (quantityText?.trim() ?? '') : shown;
}

export function displayLines(recipe: Recipe, scale: number): DisplayLine[] {
  return [...recipe.recipe_ingredients]
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      const name = line.ingredients?.name ?? 'Unknown ingredient';
      return {
        key: line.id,
        ingredientId: line.ingredients?.id ?? null,
        name,
        amount: displayAmount(line.quantity, line.measurements?.name ?? null, name, scale),
        note: line.note,
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

/** A recipe's lines as shopping items (quantities scaled, missing unit = grams, 'to taste' kept unquantified). */
export function shoppingLinesOf(recipe: Recipe, scale = 1) {
  return recipe.recipe_ingredients
    .filter((line) => line.ingredients)
    .map((line) => {
      const qty = parseQuantity(line.quantity) * scale;
      return {
        name: line.ingredients!.name,
        ingredient_id: line.ingredients!.id,
        quantity: qty > 0 ? Math.round(qty * 100) / 100 : null,
        unit: qty > 0 ? (line.measurements?.name ?? 'g') : null,
      };
    });
}
