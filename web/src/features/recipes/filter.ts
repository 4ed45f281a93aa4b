import { foldText } from '../../lib/fold-text.ts';
import type { RecipeView } from './derive.ts';

export interface RecipeFilters {
  query: string;
  favouritesOnly: boolean;
  /** Longest duration in minutes, or null for any. */
  maxMinutes: number | null;
  /** Highest per-portion cost at the cheapest chain (AUD), or null for any. */
  maxCost: number | null;
  /** Highest energy per portion in kcal, or null for any. */
  maxKcal: number | null;
  /** A tag the recipe must have, or '' for any. */
  tag: string;
}

export const NO_FILTERS: RecipeFilters = {
  query: '',
  favouritesOnly: false,
  maxMinutes: null,
  maxCost: null,
  maxKcal: null,
  tag: '',
};

/** Every tag on the recipes, in order, for the tag filter. */
export function tagsOf(views: readonly RecipeView[]): string[] {
  // Tags are stored lower case, so plain order is alphabetical; a locale's collator would load
  // the browser's locale data as the recipe list first draws (a 6–10 ms task on its own).
  return [...new Set(views.flatMap((v) => v.recipe.tags ?? []))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Lowest per-portion price among chains that price every ingredient (else among any that price some). */
export function cheapestPerPortion(view: RecipeView): number | null {
  const chains = Object.values(view.price?.chains ?? {}).filter((c) => c && c.priced > 0);
  const full = chains.filter((c) => c!.available);
  const pool = full.length > 0 ? full : chains;
  if (pool.length === 0) return null;
  return Math.min(...pool.map((c) => c!.per_portion));
}

/**
 * A recipe's name, tags and ingredient names as search compares them, one per line, folded once
 * per recipe object: with 2,000 recipes, folding them again on every keystroke took more than a
 * frame. The store replaces a recipe's object when it changes, so a stale entry is never read.
 */
const searchTexts = new WeakMap<object, string>();

function searchTextOf(recipe: RecipeView['recipe']): string {
  let text = searchTexts.get(recipe);
  if (text === undefined) {
    text = [
      recipe.name,
      ...(recipe.tags ?? []),
      ...recipe.recipe_ingredients.map((l) => l.ingredients?.name ?? ''),
    ]
      .map(foldText)
      .join('\n');
    searchTexts.set(recipe, text);
  }
  return text;
}

/**
 * Search matches the recipe's name, its tags or any of its ingredients' names, ignoring case and
 * accents; the other filters narrow it. Energy and cost are worked out only for recipes that
 * passed the cheaper tests.
 */
export function filterRecipes(
  views: readonly RecipeView[],
  filters: RecipeFilters,
  favouriteIds: readonly string[],
): RecipeView[] {
  const q = foldText(filters.query.trim());
  const favs = new Set(favouriteIds);
  return views
    .filter(({ recipe }) => {
      if (filters.favouritesOnly && !favs.has(recipe.id)) return false;
      if (filters.maxMinutes !== null && (recipe.duration == null || recipe.duration > filters.maxMinutes))
        return false;
      if (filters.tag && !(recipe.tags ?? []).includes(filters.tag)) return false;
      // One line per name: a query never matches across two of them.
      if (q && !searchTextOf(recipe).includes(q)) return false;
      return true;
    })
    .filter((view) => filters.maxKcal === null || view.nutrition.caloriesPerPortion <= filters.maxKcal)
    .filter((view) => {
      if (filters.maxCost === null) return true;
      const cost = cheapestPerPortion(view);
      return cost !== null && cost <= filters.maxCost;
    });
}
