import { proxy, ref, useSnapshot } from 'valtio';
import { dedupeRecipes } from '../../../../shared/recipes/index.ts';
import { type Change, subscribeTable } from '../../lib/realtime.ts';
import {
  createRecipe,
  deleteRecipe,
  listPriceRecords,
  listRecipes,
  type PriceRecord,
  type Recipe,
  type RecipeInput,
  updateRecipe,
} from './api.ts';

interface RecipesState {
  items: Recipe[];
  /** Price records by ingredient id; kept out of valtio's tracking (read-only reference data). */
  prices: Map<number, PriceRecord>;
  loaded: boolean;
  pricesLoaded: boolean;
}

export const recipes = proxy<RecipesState>({
  items: [],
  prices: ref(new Map()),
  loaded: false,
  pricesLoaded: false,
});

export function resetRecipes(): void {
  recipes.items = [];
  recipes.loaded = false;
}

function setItems(rows: Recipe[]): void {
  // Recipes are read-only in views; ref() keeps valtio from proxying thousands of nested lines.
  recipes.items = dedupeRecipes(rows).map((r) => ref(r));
}

let inflight: Promise<void> | null = null;
let again = false;

async function fetchRecipes(userId: string): Promise<void> {
  try {
    setItems(await listRecipes(userId));
  } catch (error) {
    console.error('loading recipes failed', error);
  } finally {
    recipes.loaded = true;
  }
}

/**
 * One request at a time: a call while one is in flight (the shell's early load, a realtime
 * change) runs once more after it, so the list is never older than the last change.
 */
export function loadRecipes(userId: string): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  inflight = (async () => {
    do {
      again = false;
      await fetchRecipes(userId);
    } while (again);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Price records are reference data, fetched once; a fetch that failed (none known) is tried
 * again, and `force` fetches them again after a price import.
 */
export async function loadPrices(force = false): Promise<void> {
  if (!force && recipes.pricesLoaded && recipes.prices.size > 0) return;
  try {
    const rows = await listPriceRecords();
    recipes.prices = ref(new Map(rows.map((r) => [Number(r.ingredient_id), r])));
  } catch (error) {
    console.error('loading prices failed', error);
  } finally {
    recipes.pricesLoaded = true;
  }
}

export async function saveRecipe(userId: string, id: string | null, input: RecipeInput): Promise<string> {
  const saved = id ?? (await createRecipe(userId, input));
  if (id) await updateRecipe(id, input);
  await loadRecipes(userId);
  return saved;
}

export async function removeRecipe(userId: string, id: string): Promise<void> {
  await deleteRecipe(userId, id);
  recipes.items = recipes.items.filter((r) => r.id !== id);
  await loadRecipes(userId);
}

/**
 * Spec 4: the payload is applied at once (name, portions, … of a row; deletions), then the whole
 * list is re-fetched, because ingredient lines and the de-duplication depend on other rows.
 */
export function applyRecipeChange(change: Change<Recipe>): void {
  if (change.eventType === 'DELETE') {
    const id = String(change.old.id);
    recipes.items = recipes.items.filter((r) => r.id !== id);
    return;
  }
  const row = change.new;
  const at = recipes.items.findIndex((r) => r.id === row.id);
  const merged = ref({ ...(at >= 0 ? recipes.items[at] : { recipe_ingredients: [] }), ...row } as Recipe);
  if (at >= 0) recipes.items[at] = merged;
  else recipes.items = [...recipes.items, merged];
}

export function subscribeRecipes(userId: string): () => void {
  return subscribeTable<Recipe>(
    'recipes',
    userId,
    (change) => {
      applyRecipeChange(change);
      void loadRecipes(userId);
    },
    {
      filter: null,
      resync: () => {
        void loadRecipes(userId);
        void loadPrices();
      },
    },
  );
}

export function useRecipes(): { items: readonly Recipe[]; loaded: boolean } {
  const snap = useSnapshot(recipes);
  return { items: snap.items as readonly Recipe[], loaded: snap.loaded };
}

export function usePrices(): { prices: ReadonlyMap<number, PriceRecord>; loaded: boolean } {
  const snap = useSnapshot(recipes);
  return { prices: snap.prices as ReadonlyMap<number, PriceRecord>, loaded: snap.pricesLoaded };
}
