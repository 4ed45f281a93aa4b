import { priceBasket } from '../../../../shared/basket/basket.ts';
import { type PantryHolding, type PlannedMeal, shoppingNeeds } from '../../../../shared/basket/needs.ts';
import {
  type CookableRecipe,
  pantryIndex,
  type RecipeCoverage,
  type Staple,
  whatCanICook,
} from '../../../../shared/cook-from-pantry/coverage.ts';
import {
  basketLeftovers,
  type Leftover,
  type LeftoverSuggestion,
  leftoverSuggestions,
} from '../../../../shared/cook-from-pantry/leftovers.ts';
import type { ChainKey, IngredientPriceRecord } from '../../../../shared/pricing/types.ts';

type Prices = ReadonlyMap<number, IngredientPriceRecord>;

/** Every recipe the user can see against the household's pantry and staples, by name. */
export function coverages(
  recipes: readonly CookableRecipe[],
  pantry: readonly PantryHolding[],
  staples: readonly Staple[],
  prices: Prices,
): RecipeCoverage[] {
  const byName = [...recipes].sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
  return whatCanICook(byName, pantryIndex(pantry, staples), prices);
}

export interface WeekLeftovers {
  /** The chain the week's basket is cheapest at, whose packs leave the leftovers. */
  chain: ChainKey | null;
  leftovers: Leftover[];
  suggestions: LeftoverSuggestion[];
}

/** How many suggestions the screen offers: enough to choose from, few enough to read. */
const SUGGESTIONS = 5;

/**
 * This week's basket (the planned meals' lines after the pantry, priced as whole packs at the
 * cheapest chain, as the shopping list prices them), what its packs leave over, and recipes not
 * yet planned that use it.
 */
export function weekLeftovers(
  planned: readonly PlannedMeal[],
  plannedIds: ReadonlySet<string>,
  recipes: readonly CookableRecipe[],
  stock: { pantry: readonly PantryHolding[]; staples: readonly Staple[] },
  prices: Prices,
): WeekLeftovers {
  const needs = shoppingNeeds(planned, stock.pantry);
  const basket = priceBasket(needs, prices);
  const chain = basket.cheapest?.chain ?? null;
  const leftovers = basketLeftovers(needs, basket, chain);
  const suggestions = leftoverSuggestions(
    recipes,
    leftovers,
    { ...stock, planned: needs },
    prices,
    plannedIds,
  );
  return { chain, leftovers, suggestions: suggestions.slice(0, SUGGESTIONS) };
}
