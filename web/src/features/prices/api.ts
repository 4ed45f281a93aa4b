import type { ChainKey } from '../../../../shared/pricing/types.ts';
import type { PackUnit } from '../../../../shared/shelf-prices/feed.ts';
import type { HistoryRow } from '../../../../shared/shelf-prices/spans.ts';
import type { Database, Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

/** A chain's product as the price screens show it (public.chain_products), its chain and pack unit narrowed. */
export type ChainProduct = Pick<
  Tables<'chain_products'>,
  | 'id'
  | 'sku'
  | 'name'
  | 'brand'
  | 'pack_size'
  | 'pack_text'
  | 'sold_loose'
  | 'grams_each'
  | 'first_seen'
  | 'last_seen'
  | 'source'
> & { chain: ChainKey; pack_unit: PackUnit };

/**
 * A product matched to an ingredient (public.ingredient_products), with the product. `match`,
 * like the product's chain and pack unit, is a text column its check constraint holds to these
 * values, which the generated types cannot know.
 */
export type ProductLink = Pick<Tables<'ingredient_products'>, 'ingredient_id' | 'preferred'> & {
  match: 'manual' | 'barcode' | 'name';
  product: ChainProduct;
};

type PriceHistoriesRow = Database['public']['Functions']['price_histories']['Returns'][number];

/** One stored price span of a product (public.price_histories), judged on `as_of`. */
export type ProductHistoryRow = HistoryRow & Pick<PriceHistoriesRow, 'product_id' | 'as_of'>;

/** One applied price import (public.price_imports). */
export type PriceImport = Pick<
  Tables<'price_imports'>,
  | 'id'
  | 'checksum'
  | 'files'
  | 'formats'
  | 'rows_read'
  | 'rows_added'
  | 'rows_unchanged'
  | 'rows_quarantined'
  | 'imported_by'
  | 'imported_at'
>;

const PRODUCT_COLUMNS =
  'id, chain, sku, name, brand, pack_size, pack_unit, pack_text, sold_loose, grams_each, first_seen, last_seen, source';
const LINK_COLUMNS = `ingredient_id, preferred, match, product:chain_products(${PRODUCT_COLUMNS})`;
const IMPORT_COLUMNS =
  'id, checksum, files, formats, rows_read, rows_added, rows_unchanged, rows_quarantined, imported_by, imported_at';
/** public.price_histories reads at most this many products in one call. */
const HISTORY_BATCH = 300;
/** The newest imports the log shows. */
const IMPORT_LOG_ROWS = 100;

export async function getIngredientName(id: number): Promise<string | null> {
  const { data, error } = await supabase.from('ingredients').select('name').eq('id', id).maybeSingle();
  if (error) throw error;
  return data?.name ?? null;
}

/** The products matched to these ingredients at every chain. */
export async function listProductLinks(ingredientIds: readonly number[]): Promise<ProductLink[]> {
  if (ingredientIds.length === 0) return [];
  const { data, error } = await supabase
    .from('ingredient_products')
    .select(LINK_COLUMNS)
    .in('ingredient_id', [...ingredientIds]);
  if (error) throw error;
  // Narrows the three constrained text columns (see ProductLink).
  return (data ?? []) as unknown as ProductLink[];
}

/** The price spans of these products, each for the day it is judged on, in batches the function takes. */
export async function listPriceHistories(productIds: readonly number[]): Promise<ProductHistoryRow[]> {
  const rows: ProductHistoryRow[] = [];
  for (let i = 0; i < productIds.length; i += HISTORY_BATCH) {
    const { data, error } = await supabase.rpc('price_histories', {
      p_product_ids: productIds.slice(i, i + HISTORY_BATCH),
    });
    if (error) throw error;
    rows.push(...(data ?? []));
  }
  return rows;
}

export async function listPriceImports(): Promise<PriceImport[]> {
  const { data, error } = await supabase
    .from('price_imports')
    .select(IMPORT_COLUMNS)
    .order('imported_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(IMPORT_LOG_ROWS);
  if (error) throw error;
  return data ?? [];
}
