import { proxy, ref, useSnapshot } from 'valtio';
import { dedupeRecipes } from '../../../../shared/recipes/dedupe.ts';
import { coalesced } from '../../lib/coalesce.ts';
import { pendingWrites } from '../../lib/pending-writes.ts';
import { type Change, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { keepUnchanged } from '../../lib/unchanged-rows.ts';
import {
  createRecipe,
  deleteRecipe,
  listPriceRecords,
  listRecipes,
  type PriceRecord,
  type Recipe,
  type RecipeInput,
  setRecipeHousehold,
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

/** Shares being saved: the box shows the choice at once, whatever a read in flight says. */
const shares = pendingWrites<Recipe>((r) => r.id);

export function resetRecipes(): void {
  recipes.items = [];
  recipes.loaded = false;
  shares.clear();
}
onReset('person', resetRecipes);

function setItems(rows: Recipe[]): void {
  const { rows: next, changed } = keepUnchanged(recipes.items, dedupeRecipes(rows), (r) => r.id);
  // Recipes are read-only in views; ref() keeps valtio from proxying thousands of nested lines.
  if (changed) recipes.items = next.map((r) => ref(r));
}

async function fetchRecipes(): Promise<void> {
  try {
    const withShares = shares.read();
    setItems(withShares(await listRecipes()));
  } catch (error) {
    console.error('loading recipes failed', error);
  } finally {
    recipes.loaded = true;
  }
}

/** The recipes the user may see (row-level security decides which); overlapping calls coalesce. */
export const loadRecipes = coalesced(fetchRecipes);

/**
 * For a screen that needs the recipes: those the store has, else the read in flight (the
 * shell's, started as the app opened), else a new one. A screen asking again while the shell's
 * read was in flight made the list be read twice as a page opened.
 */
export function ensureRecipes(): Promise<void> {
  return recipes.loaded ? Promise.resolve() : loadRecipes.joined();
}

/**
 * Price records are reference data, fetched once; a fetch that failed (none known) is tried
 * again, and `force` fetches them again after a price import.
 */
export function loadPrices(force = false): Promise<void> {
  if (!force && recipes.pricesLoaded && recipes.prices.size > 0) return Promise.resolve();
  // Screens opening together share one read; only a forced one (after an import) reads again.
  if (!force && pricesInFlight) return pricesInFlight;
  const loading = fetchPrices().finally(() => {
    if (pricesInFlight === loading) pricesInFlight = null;
  });
  pricesInFlight = loading;
  return loading;
}

let pricesInFlight: Promise<void> | null = null;

const fetchPrices = coalesced(async () => {
  try {
    const { rows, changed } = keepUnchanged(
      [...recipes.prices.values()],
      await listPriceRecords(),
      (r) => r.ingredient_id,
    );
    if (changed) recipes.prices = ref(new Map(rows.map((r) => [Number(r.ingredient_id), r])));
  } catch (error) {
    console.error('loading prices failed', error);
  } finally {
    recipes.pricesLoaded = true;
  }
});

export async function saveRecipe(userId: string, id: string | null, input: RecipeInput): Promise<string> {
  const saved = id ?? (await createRecipe(userId, input));
  if (id) await updateRecipe(id, input);
  await loadRecipes();
  return saved;
}

/** Issue 17: the household's members may read and plan a shared recipe; only its author edits it. */
export async function shareRecipe(id: string, householdId: string | null): Promise<void> {
  const withHousehold = (value: string | null) => {
    recipes.items = recipes.items.map((r) => (r.id === id ? ref({ ...r, household_id: value }) : r));
  };
  const before = recipes.items.find((r) => r.id === id)?.household_id ?? null;
  // The box shows the choice at once; a refusal puts it back.
  withHousehold(householdId);
  await shares.write(
    id,
    { household_id: householdId },
    () => setRecipeHousehold(id, householdId),
    () => withHousehold(before),
  );
}

export async function removeRecipe(userId: string, id: string): Promise<void> {
  await deleteRecipe(userId, id);
  recipes.items = recipes.items.filter((r) => r.id !== id);
  await loadRecipes();
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

/** One function for both topics that carry recipes, so their first joins read them once. */
function readRecipesAgain(): void {
  void loadRecipes();
  void loadPrices();
}

/** Own recipes (the person's topic) and those shared with the household (its topic). */
export function liveRecipes(): TopicTable {
  return topicTable<Recipe>(
    'recipes',
    (change) => {
      applyRecipeChange(change);
      void loadRecipes();
    },
    readRecipesAgain,
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
