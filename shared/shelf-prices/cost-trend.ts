/**
 * What a recipe (or a basket of lines) cost over the last weeks (issue 18 "the cost trend over 12
 * weeks"): the same lines priced by the same rule as today's price (priceRecipe), with each
 * ingredient's product at the price it had on each week's day.
 */

import type { RecipeLine } from '../nutrition/types.ts';
import { priceRecipe } from '../pricing/price-recipe.ts';
import { CHAINS, type ChainKey, type IngredientPriceRecord, PRICE_COLUMNS } from '../pricing/types.ts';
import { ingredientPackMeasure, type ProductPack } from './measure.ts';
import { type PriceSpan, pricesByDay } from './special.ts';

/** The product that prices an ingredient at a chain (its preferred one), with its history. */
export interface TrendProduct {
  ingredientId: number;
  chain: ChainKey;
  pack: ProductPack;
  spans: readonly PriceSpan[];
}

/** One week's cost: each chain's total in dollars, null where it is not comparable with the last week's. */
export interface CostTrendPoint {
  date: string;
  totals: Record<ChainKey, number | null>;
}

const MS_PER_DAY = 86_400_000;
const MAX_WEEKS = 52;

function shiftDays(date: string, days: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * MS_PER_DAY;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

function emptyRecord(): IngredientPriceRecord {
  return {
    coles_measure: null,
    woolworths_measure: null,
    aldi_measure: null,
    coles_unit_price_current: null,
    woolworths_unit_price_current: null,
    aldi_unit_price_current: null,
    coles_unit_price_past: null,
    woolworths_unit_price_past: null,
    aldi_unit_price_past: null,
  };
}

/**
 * The lines' cost at each chain on `weeks` days a week apart, ending on `endDate` (YYYY-MM-DD),
 * oldest first. A week prices each line as `priceRecipe` does today, from a price record made of
 * the product's pack (`ingredientPackMeasure`) and its price that day (`pricesByDay`: gaps over
 * 10 days unknown). A chain's total is given only for weeks pricing as many lines as the last
 * week does (and at least one), so every point compares the same basket; otherwise null.
 * 1–52 weeks (default 12); [] for an end that is not a date. Never throws.
 */
export function costTrend(
  lines: readonly RecipeLine[],
  products: readonly TrendProduct[],
  endDate: string,
  weeks = 12,
): CostTrendPoint[] {
  const count = Number.isInteger(weeks) ? Math.min(Math.max(weeks, 1), MAX_WEEKS) : 12;
  const start = typeof endDate === 'string' ? shiftDays(endDate, -7 * (count - 1)) : null;
  if (start === null || !Array.isArray(lines) || !Array.isArray(products)) return [];
  const series: { product: TrendProduct; measure: string; days: (number | null)[] }[] = products
    .filter((p: TrendProduct | null) => p !== null && typeof p === 'object' && CHAINS.includes(p.chain))
    .map((p: TrendProduct) => ({
      product: p,
      measure: ingredientPackMeasure(p.pack),
      days: pricesByDay(p.spans, start, endDate),
    }));
  const weekly = Array.from({ length: count }, (_, w) => {
    const records = new Map<number, IngredientPriceRecord>();
    for (const { product, measure, days } of series) {
      const cents = days[w * 7];
      if (cents === null || cents === undefined || measure === '') continue;
      const record = records.get(product.ingredientId) ?? emptyRecord();
      const columns = PRICE_COLUMNS[product.chain];
      record[columns.measure] = measure;
      record[columns.current] = cents / 100;
      records.set(product.ingredientId, record);
    }
    const priced = lines.map((line) => {
      const id = line?.ingredients?.id;
      return { ...line, prices: (typeof id === 'number' ? records.get(id) : undefined) ?? null };
    });
    return priceRecipe(priced).chains;
  });
  const last = weekly[count - 1];
  return weekly.map((chains, w) => {
    const totals = {} as Record<ChainKey, number | null>;
    for (const chain of CHAINS) {
      const want = last?.[chain].priced ?? 0;
      totals[chain] = want > 0 && chains[chain].priced === want ? chains[chain].total : null;
    }
    return { date: shiftDays(start, 7 * w) as string, totals };
  });
}
