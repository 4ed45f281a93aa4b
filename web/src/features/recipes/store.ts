import { proxy, ref, useSnapshot } from 'valtio';
import { dedupeRecipes } from '../../../../shared/recipes/index.ts';
import { coalesced } from '../../lib/coalesce.ts';
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

export function resetRecipes(): void {
  recipes.items = [];
  recipes.loaded = false;
  sharing.clear();
}
onReset('person', resetRecipes);

function setItems(rows: Recipe[]): void {
  const { rows: next, changed } = keepUnchanged(recipes.items, dedupeRecipes(rows), (r) => r.id);
  // Recipes are read-only in views; ref() keeps valtio from proxying thousands of nested lines.
  if (changed) recipes.items = next.map((r) => ref(r));
}

/**
 * Shares being written, by recipe: a read sent before the write was confirmed may still carry
 * the old household, and must not undo what the box already shows. `readsBefore` is how many
 * reads had been sent when the write was confirmed (unconfirmed: all of them); the first read
 * sent after it is the server's word, and ends the entry.
 */
const sharing = new Map<string, { household: string | null; readsBefore: number }>();
let readsSent = 0;

function withSharesWritten(rows: Recipe[], read: number): Recipe[] {
  if (sharing.size === 0) return rows;
  return rows.map((r) => {
    const share = sharing.get(r.id);
    if (!share) return r;
    if (read > share.readsBefore) {
      sharing.delete(r.id);
      return r;
    }
    return { ...r, household_id: share.household };
  });
}

async function fetchRecipes(): Promise<void> {
  try {
    const read = ++readsSent;
    setItems(withSharesWritten(await listRecipes(), read));
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
  const share = { household: householdId, readsBefore: Number.POSITIVE_INFINITY };
  sharing.set(id, share);
  // A second click before the first is answered owns the entry from then on.
  const latest = () => sharing.get(id) === share;
  try {
    await setRecipeHousehold(id, householdId);
    if (latest()) share.readsBefore = readsSent;
  } catch (error) {
    if (latest()) {
      sharing.delete(id);
      withHousehold(before);
    }
    throw error;
  }
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
