import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import type { PriceRecord, Recipe } from '../api.ts';
import { recipeViews } from '../derive.ts';
import { filterRecipes, NO_FILTERS, type RecipeFilters, tagsOf } from '../filter.ts';
import { ensureRecipes, loadPrices, usePrices, useRecipes } from '../store.ts';
import { RecipeCard } from './recipe-card.tsx';
import { RecipeFiltersBar } from './recipe-filters.tsx';

const PAGE = 24;
const NO_RECIPES: readonly Recipe[] = [];
const NO_PRICES: ReadonlyMap<number, PriceRecord> = new Map();

export function RecipeList({
  favouriteIds,
  initialFilters = NO_FILTERS,
  favouritesPage = false,
  renderAction,
}: {
  favouriteIds: readonly string[];
  initialFilters?: RecipeFilters;
  /** The Favourites page: favourites only, with no toggle for it and its own empty state. */
  favouritesPage?: boolean;
  renderAction?: (recipe: { id: string; name: string }) => ReactNode;
}) {
  const { items, loaded } = useRecipes();
  const { prices, loaded: pricesLoaded } = usePrices();
  const [filters, setFilters] = useState(initialFilters);
  const [shown, setShown] = useState(PAGE);
  useEffect(() => {
    void ensureRecipes();
    void loadPrices();
  }, []);
  // The cards are drawn in a render React can split and interrupt, after the page around them
  // (even when the rows are there on the first render): the search box shows at once and the
  // page stays responsive while a long list is drawn.
  const shownItems = useDeferredValue(items, NO_RECIPES);
  const shownPrices = useDeferredValue(prices, NO_PRICES);
  const views = useMemo(() => recipeViews(shownItems, shownPrices), [shownItems, shownPrices]);
  // Typing shows at once; the list follows in a render React may interrupt for the next key, so
  // a keystroke never waits for 2,000 recipes to be filtered and their cards drawn.
  const deferred = useDeferredValue(filters);
  const visible = useMemo(
    () => filterRecipes(views, deferred, favouriteIds),
    [views, deferred, favouriteIds],
  );
  const cards = useMemo(
    () =>
      visible
        .slice(0, shown)
        .map((view) => <RecipeCard key={view.recipe.id} view={view} action={renderAction?.(view.recipe)} />),
    [visible, shown, renderAction],
  );
  const tags = useMemo(() => tagsOf(views), [views]);
  // Loaded, and drawn: the deferred render has the first rows (until then the skeleton stays, not
  // an empty list); a later reload keeps the cards on screen while it draws.
  const ready =
    loaded &&
    pricesLoaded &&
    (shownItems === items || shownItems.length > 0) &&
    (shownPrices === prices || shownPrices.size > 0);
  const hasFavourites = views.some((v) => favouriteIds.includes(v.recipe.id));
  // With no favourites there is nothing to search or filter: the empty state says how to add one.
  const nothingToFilter = favouritesPage && ready && !hasFavourites;
  return (
    <>
      {nothingToFilter ? null : (
        <>
          <RecipeFiltersBar
            favouritesToggle={!favouritesPage}
            tags={tags}
            filters={filters}
            onChange={(f) => {
              setFilters(f);
              setShown(PAGE);
            }}
          />
          <p className="muted small" role="status">
            {ready ? `${visible.length} ${visible.length === 1 ? 'recipe' : 'recipes'}` : '\u00a0'}
          </p>
        </>
      )}
      {!ready ? (
        <Skeleton lines={4} label="Loading recipes..." className="recipe-grid" />
      ) : visible.length === 0 && deferred.favouritesOnly && !hasFavourites ? (
        <EmptyState title="No favourites yet">
          Tap the heart on a recipe to add it to your favourites.{' '}
          <Link href={paths.recipes}>Browse recipes</Link>
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title={views.length === 0 ? 'No recipes yet' : 'No recipes match'}>
          {views.length === 0 ? 'Add your first recipe.' : 'Try another search or fewer filters.'}
        </EmptyState>
      ) : (
        <div className="recipe-grid" aria-busy={deferred !== filters}>
          {cards}
        </div>
      )}
      {visible.length > shown ? (
        <button type="button" className="button" onClick={() => setShown((n) => n + PAGE)}>
          Show more recipes
        </button>
      ) : null}
    </>
  );
}
