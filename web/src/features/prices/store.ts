import { useEffect } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import { listPriceHistories, listPriceImports, listProductLinks, type PriceImport } from './api.ts';
import { type ProductPrice, pricesToday, productPrices } from './derive.ts';

export type LoadStatus = 'loading' | 'ready' | 'error';

interface IngredientPrices {
  status: LoadStatus;
  /** Read-only rows, kept out of valtio's tracking. */
  products: readonly ProductPrice[];
}

/** Shop prices are the same for everyone, so they stay loaded across sign-outs (no reset). */
interface PricesState {
  /** By ingredient id: its matched products, judged. Prices change only when a feed is imported. */
  byIngredient: Record<number, IngredientPrices>;
  imports: { status: LoadStatus | 'idle'; items: readonly PriceImport[] };
}

export const prices = proxy<PricesState>({ byIngredient: {}, imports: { status: 'idle', items: [] } });

/** The products and price histories of these ingredients, judged: two requests for any number. */
async function fetchJudged(ids: readonly number[]): Promise<ProductPrice[]> {
  const links = await listProductLinks(ids);
  const history = await listPriceHistories(links.map((l) => l.product.id));
  return productPrices(links, history, pricesToday());
}

function putJudged(ids: readonly number[], judged: readonly ProductPrice[]): void {
  for (const id of ids) {
    prices.byIngredient[id] = { status: 'ready', products: ref(judged.filter((p) => p.ingredientId === id)) };
  }
}

/**
 * Loads the products and price histories of the ingredients not loaded yet (and, with `retry`,
 * those whose load failed).
 */
export async function loadIngredientPrices(ids: readonly number[], retry = false): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => {
    const known = prices.byIngredient[id];
    return !known || (retry && known.status === 'error');
  });
  if (wanted.length === 0) return;
  for (const id of wanted) prices.byIngredient[id] = { status: 'loading', products: ref([]) };
  try {
    putJudged(wanted, await fetchJudged(wanted));
  } catch (error) {
    console.error('loading prices failed', error);
    for (const id of wanted) prices.byIngredient[id] = { status: 'error', products: ref([]) };
  }
}

/**
 * Loads again the prices of every ingredient loaded so far, after a feed was imported; what is
 * shown stays until the new prices arrive, and stays if they cannot be loaded.
 */
export async function reloadIngredientPrices(): Promise<void> {
  const ids = Object.entries(prices.byIngredient).flatMap(([id, known]) =>
    known.status === 'ready' ? [Number(id)] : [],
  );
  if (ids.length === 0) return;
  try {
    putJudged(ids, await fetchJudged(ids));
  } catch (error) {
    console.error('loading the new prices failed', error);
  }
}

/** The judged products of these ingredients (loaded on first use), and whether all are loaded. */
export function useIngredientPrices(ids: readonly number[]): {
  status: LoadStatus;
  products: ProductPrice[];
} {
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' text is the dependency
  useEffect(() => {
    void loadIngredientPrices(ids);
  }, [key]);
  const snap = useSnapshot(prices).byIngredient;
  const entries = ids.map((id) => snap[id]);
  const status: LoadStatus = entries.some((e) => e?.status === 'error')
    ? 'error'
    : entries.every((e) => e?.status === 'ready')
      ? 'ready'
      : 'loading';
  return { status, products: entries.flatMap((e) => (e ? [...(e.products as ProductPrice[])] : [])) };
}

export async function loadPriceImports(): Promise<void> {
  prices.imports.status = 'loading';
  try {
    prices.imports = { status: 'ready', items: ref(await listPriceImports()) };
  } catch (error) {
    console.error('loading the price import log failed', error);
    prices.imports.status = 'error';
  }
}

export function usePriceImports(): { status: LoadStatus | 'idle'; items: readonly PriceImport[] } {
  const snap = useSnapshot(prices).imports;
  return { status: snap.status, items: snap.items as readonly PriceImport[] };
}
