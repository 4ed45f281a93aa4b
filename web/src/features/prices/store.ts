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

/**
 * Loads the products and price histories of the ingredients not loaded yet (and, with `retry`,
 * those whose load failed): two requests for any number of ingredients.
 */
export async function loadIngredientPrices(ids: readonly number[], retry = false): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => {
    const known = prices.byIngredient[id];
    return !known || (retry && known.status === 'error');
  });
  if (wanted.length === 0) return;
  for (const id of wanted) prices.byIngredient[id] = { status: 'loading', products: ref([]) };
  try {
    const links = await listProductLinks(wanted);
    const history = await listPriceHistories(links.map((l) => l.product.id));
    const judged = productPrices(links, history, pricesToday());
    for (const id of wanted) {
      prices.byIngredient[id] = {
        status: 'ready',
        products: ref(judged.filter((p) => p.ingredientId === id)),
      };
    }
  } catch (error) {
    console.error('loading prices failed', error);
    for (const id of wanted) prices.byIngredient[id] = { status: 'error', products: ref([]) };
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
