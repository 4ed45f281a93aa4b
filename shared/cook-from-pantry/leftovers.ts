import type { Basket } from '../basket/basket.ts';
import type { BaseUnit, NeedLine, PantryHolding } from '../basket/needs.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import type { ChainKey, IngredientPriceRecord } from '../pricing/types.ts';
import {
  type CookableRecipe,
  type PantryIndex,
  pantryIndex,
  type RecipeCoverage,
  recipeCoverage,
  type Staple,
} from './coverage.ts';

/** What whole packs leave over once the plan has taken its share: "200 g beef mince". */
export interface Leftover {
  key: string;
  ingredient_id: number | null;
  name: string;
  base: BaseUnit;
  /** packs × pack size − the amount the line buys, in `base`; always more than 0. */
  amount: number;
  packs: number;
  /** The pack as the shelf names it: '500g'. */
  pack: string;
}

/**
 * The leftovers of a basket at one chain (issue 25, item 2): for every line bought there, the
 * whole packs' amount less what the line needs to buy (the plan's need after the pantry), never
 * negative, rounded to 1/1000 of its unit; lines that leave nothing are left out. No chain (no
 * basket prices the list): no leftovers.
 */
export function basketLeftovers(
  needs: readonly NeedLine[],
  basket: Basket,
  chain: ChainKey | null,
): Leftover[] {
  const chainBasket = typeof chain === 'string' ? basket?.chains?.[chain] : undefined;
  if (!Array.isArray(chainBasket?.lines)) return [];
  const byKey = new Map((Array.isArray(needs) ? needs : []).filter((n) => n?.base).map((n) => [n.key, n]));
  const leftovers: Leftover[] = [];
  for (const bought of chainBasket.lines) {
    const need = bought?.pack ? byKey.get(bought.key) : undefined;
    if (need === undefined || need.base === null) continue;
    const amount = Math.max(0, Math.round((bought.packs * bought.pack.amount - need.buy) * 1000) / 1000);
    if (amount > 0)
      leftovers.push({
        key: need.key,
        ingredient_id: need.ingredient_id,
        name: need.name,
        base: need.base,
        amount,
        packs: bought.packs,
        pack: bought.pack.label,
      });
  }
  return leftovers;
}

/** A recipe that uses leftovers, and how well. */
export interface LeftoverSuggestion {
  recipe: CookableRecipe;
  /** Leftovers it takes something of. */
  uses: number;
  /** The share of the leftovers it uses, each leftover counting as 1 (so 0 to the number of them). */
  used: number;
  /** What it adds to the bill at the cheapest chain (cents); null when its missing lines are priced nowhere. */
  addsCents: number | null;
  coverage: RecipeCoverage;
}

/**
 * Recipes that use the leftovers (issue 25, item 2), ranked by how much of the leftovers they use
 * (each leftover's used share, summed) and then by how little they add to the bill at the
 * cheapest chain; recipes already planned and those using no leftover are left out. The stock
 * they cook from is the leftovers, the staples and the pantry items the week's plan does not take
 * (an item the plan uses counts as used up, so a suggestion never leans on it twice).
 */
export function leftoverSuggestions(
  recipes: readonly CookableRecipe[],
  leftovers: readonly Leftover[],
  stock: { pantry: readonly PantryHolding[]; staples: readonly Staple[]; planned: readonly NeedLine[] },
  prices: ReadonlyMap<number, IngredientPriceRecord>,
  exclude: ReadonlySet<string> = new Set(),
): LeftoverSuggestion[] {
  const usable = (Array.isArray(leftovers) ? leftovers : []).filter(
    (l) => typeof l?.key === 'string' && typeof l.name === 'string' && l.amount > 0,
  );
  if (usable.length === 0) return [];
  const index = suggestionStock(usable, stock);
  const suggestions: LeftoverSuggestion[] = [];
  for (const recipe of Array.isArray(recipes) ? recipes : []) {
    if (!recipe || typeof recipe.name !== 'string' || (exclude instanceof Set && exclude.has(recipe.id)))
      continue;
    const coverage = recipeCoverage(recipe, index, prices);
    let used = 0;
    let uses = 0;
    for (const leftover of usable) {
      const share = leftoverShare(leftover, coverage);
      if (share > 0) {
        uses++;
        used += share;
      }
    }
    if (uses === 0) continue;
    const addsCents = coverage.short === 0 ? 0 : (coverage.cheapest?.totalCents ?? null);
    suggestions.push({ recipe, uses, used, addsCents, coverage });
  }
  return suggestions.sort(
    (a, b) =>
      b.used - a.used ||
      (a.addsCents ?? Number.POSITIVE_INFINITY) - (b.addsCents ?? Number.POSITIVE_INFINITY) ||
      (a.recipe.name < b.recipe.name ? -1 : a.recipe.name > b.recipe.name ? 1 : 0),
  );
}

/** The recipe's need of a leftover's ingredient, over the leftover, at most 1. */
function leftoverShare(leftover: Leftover, coverage: RecipeCoverage): number {
  const line = coverage.lines.find((n) => n.key === leftover.key);
  if (line === undefined || line.base !== leftover.base) return 0;
  return Math.min(1, line.need / leftover.amount);
}

function suggestionStock(
  leftovers: readonly Leftover[],
  stock: { pantry: readonly PantryHolding[]; staples: readonly Staple[]; planned: readonly NeedLine[] },
): PantryIndex {
  const plannedIds = new Set<number>();
  const plannedNames = new Set<string>();
  for (const line of Array.isArray(stock?.planned) ? stock.planned : []) {
    if (typeof line?.ingredient_id === 'number') plannedIds.add(line.ingredient_id);
    if (typeof line?.name === 'string') plannedNames.add(normalizeName(line.name).toLowerCase());
  }
  const untouched = (Array.isArray(stock?.pantry) ? stock.pantry : []).filter((item) =>
    typeof item?.ingredient_id === 'number'
      ? !plannedIds.has(item.ingredient_id)
      : !plannedNames.has(normalizeName(typeof item?.name === 'string' ? item.name : '').toLowerCase()),
  );
  const fromLeftovers: PantryHolding[] = leftovers.map((l) => ({
    name: l.name,
    ingredient_id: l.ingredient_id,
    quantity: l.amount,
    unit: l.base === 'each' ? 'piece' : l.base,
  }));
  return pantryIndex([...untouched, ...fromLeftovers], Array.isArray(stock?.staples) ? stock.staples : []);
}
