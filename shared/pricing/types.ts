import type { DbNumeric, RecipeLine } from '../nutrition/types.ts';

/** The three chains, in the order they are listed and break ties (spec 1). */
export const CHAINS = ['coles', 'woolworths', 'aldi'] as const;

/** A supermarket chain, as named in the price record's columns (docs/decisions.md). */
export type ChainKey = (typeof CHAINS)[number];

/** Each chain's name as people know it, for every screen that names one. */
export const CHAIN_NAMES: Readonly<Record<ChainKey, string>> = Object.freeze({
  coles: 'Coles',
  woolworths: 'Woolworths',
  aldi: 'Aldi',
});

/** Each chain's columns in a price record (CONTRACTS 3), the one list every reader uses. */
export const PRICE_COLUMNS: Readonly<
  Record<
    ChainKey,
    {
      measure: `${ChainKey}_measure`;
      current: `${ChainKey}_unit_price_current`;
      past: `${ChainKey}_unit_price_past`;
    }
  >
> = Object.freeze({
  coles: { measure: 'coles_measure', current: 'coles_unit_price_current', past: 'coles_unit_price_past' },
  woolworths: {
    measure: 'woolworths_measure',
    current: 'woolworths_unit_price_current',
    past: 'woolworths_unit_price_past',
  },
  aldi: { measure: 'aldi_measure', current: 'aldi_unit_price_current', past: 'aldi_unit_price_past' },
});

/**
 * Each chain's flag for goods sold loose by weight (fruit and vegetables): its measure is then
 * the weight its price is for (per kilo), and a basket buys what a line needs, not whole packs.
 * Derived from the chain's product; absent in a record typed by hand (not loose).
 */
export const LOOSE_COLUMNS: Readonly<Record<ChainKey, `${ChainKey}_loose`>> = Object.freeze({
  coles: 'coles_loose',
  woolworths: 'woolworths_loose',
  aldi: 'aldi_loose',
});

/**
 * A price record's columns as a PostgREST select list, with the ingredient id first: written out
 * so supabase-js can type the rows it selects (a test checks it against {@link PRICE_COLUMNS}).
 */
export const PRICE_RECORD_SELECT =
  'ingredient_id, coles_measure, woolworths_measure, aldi_measure, coles_unit_price_current, woolworths_unit_price_current, aldi_unit_price_current, coles_unit_price_past, woolworths_unit_price_past, aldi_unit_price_past, coles_loose, woolworths_loose, aldi_loose' as const;

/**
 * The per-ingredient price record (spec 3; CONTRACTS 3 `ingredient_prices`). A unit price is the
 * shelf price of one pack of the stated measure; null where the chain does not stock it.
 */
export interface IngredientPriceRecord {
  coles_measure: string | null;
  woolworths_measure: string | null;
  aldi_measure: string | null;
  coles_unit_price_current: DbNumeric;
  woolworths_unit_price_current: DbNumeric;
  aldi_unit_price_current: DbNumeric;
  coles_unit_price_past: DbNumeric;
  woolworths_unit_price_past: DbNumeric;
  aldi_unit_price_past: DbNumeric;
  coles_loose?: boolean | null;
  woolworths_loose?: boolean | null;
  aldi_loose?: boolean | null;
}

/**
 * The part of a price record that prices a pack today: each chain's measure, current price and
 * whether it is sold loose.
 * What a basket reads, so a server pricing one never fetches the past prices it would not use.
 */
export type ShelfPriceRecord = Pick<
  IngredientPriceRecord,
  | (typeof PRICE_COLUMNS)[ChainKey]['measure']
  | (typeof PRICE_COLUMNS)[ChainKey]['current']
  | (typeof LOOSE_COLUMNS)[ChainKey]
>;

/** A price record in which no chain stocks the ingredient, to fill chain by chain. */
export function emptyPriceRecord(): IngredientPriceRecord {
  const record: Record<string, null> = {};
  for (const columns of Object.values(PRICE_COLUMNS)) {
    for (const column of Object.values(columns)) record[column] = null;
  }
  return record as unknown as IngredientPriceRecord;
}

/** A recipe line with its ingredient's price record (looked up by ingredient id, spec 7). */
export type PricedLine = RecipeLine & { prices: IngredientPriceRecord | null };

/**
 * Why a chain has no price for a line:
 * - `'no ingredient'`: the line has no ingredient;
 * - `'no price record'`: the ingredient has no price record at all;
 * - `'not stocked'`: the chain's measure and current price are both empty;
 * - `'no price'`: the current unit price is missing, 0 or negative (spec 5 availability);
 * - `'unparseable measure'`: the pack measure does not parse to above 0 (spec 5 availability).
 */
export type PriceReason =
  | 'no ingredient'
  | 'no price record'
  | 'not stocked'
  | 'no price'
  | 'unparseable measure';

/** A chain's price for one line: dollars (rounded to cents), or why there is none. */
export type LineChainPrice = { price: number } | { price: null; reason: PriceReason };

/** One line of a priced recipe. */
export interface PricedLineResult {
  ingredient_id: number | null;
  name: string;
  /** The parsed quantity (spec 5), as written in the recipe. */
  quantity: number;
  /** The canonical unit (`g` when the line has none, spec 5). */
  unit: string;
  /** Grams needed, to 0.1 g. */
  grams: number;
  prices: Record<ChainKey, LineChainPrice>;
}

/** A chain's totals for a recipe (spec 9 "Pricing formulas"); money in dollars, to cents. */
export interface ChainTotals {
  /** Sum of current prices over the lines this chain prices. */
  total: number;
  /** `total ÷ portions × scale`. */
  per_portion: number;
  /** Sum of past prices over the same lines (a line without a past price counts its current one). */
  past_total: number;
  /** `(total − past_total) ÷ past_total × 100`, to 0.1; 0 when past_total is 0. */
  change_percent: number;
  /** Number of lines this chain prices. */
  priced: number;
  /** Whole percent of lines priced, rounded down so 100 means every line. */
  coverage: number;
  /** Every line priced and at least one counted. */
  available: boolean;
}

/** A recipe priced at the three chains (CONTRACTS 4 `price-recipe`, snake_case as returned). */
export interface RecipePrice {
  portions: number;
  scale: number;
  chains: Record<ChainKey, ChainTotals>;
  /** The available chain with the lowest total (ties: list order of {@link CHAINS}); null if none. */
  cheapest: ChainKey | null;
  lines: PricedLineResult[];
}

/** Options of `priceRecipe`. */
export interface PriceOptions {
  /** Recipe portions; absent, non-positive or non-numeric → 1 (spec 3, 9). */
  portions?: number | null;
  /** Multiplier of the per-portion cost (spec 9); absent, non-positive or non-numeric → 1. */
  scale?: number | null;
}
