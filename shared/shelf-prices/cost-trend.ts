/**
 * What a recipe or a shopping basket cost over the last weeks (issue 18 "the cost trend over 12
 * weeks"): the same lines priced by the same rule as today's price (a recipe's priceRecipe, a
 * basket's priceBasket), with each ingredient's product at the price it had on each week's day.
 */

import { priceBasket } from '../basket/basket.ts';
import type { NeedLine } from '../basket/needs.ts';
import { shiftDate } from '../dates/day-number.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { priceRecipe } from '../pricing/price-recipe.ts';
import {
  CHAINS,
  type ChainKey,
  emptyPriceRecord,
  type IngredientPriceRecord,
  LOOSE_COLUMNS,
  PRICE_COLUMNS,
} from '../pricing/types.ts';
import { ingredientPackMeasure, type ProductPack } from './measure.ts';
import { type PriceSpan, pricesByDay } from './special.ts';

/** The product that prices an ingredient at a chain (its preferred one), with its history. */
export interface TrendProduct {
  ingredientId: number;
  chain: ChainKey;
  pack: ProductPack;
  /** Sold loose by weight (chain_products.sold_loose): a basket buys what it needs of it. */
  loose?: boolean;
  spans: readonly PriceSpan[];
}

/** One week's cost: each chain's total in dollars, null where it prices none of the lines. */
export interface CostTrendPoint {
  date: string;
  totals: Record<ChainKey, number | null>;
}

/** The weeks, and how many of the lines each chain's totals price (the same lines every week). */
export interface CostTrend {
  weeks: CostTrendPoint[];
  priced: Record<ChainKey, number>;
  /** The lines there are to price. */
  lines: number;
}

const MAX_WEEKS = 52;

/** Each week's price records (one per ingredient), and the days they are for. */
interface WeeklyRecords {
  dates: string[];
  records: Map<number, IngredientPriceRecord>[];
}

/**
 * The price records of `weeks` days a week apart, ending on `endDate` (YYYY-MM-DD), oldest
 * first: each product's pack (`ingredientPackMeasure`) at its price that day (`pricesByDay`:
 * gaps over 10 days unknown). Only products whose price is known on every one of those days
 * count, so every week prices the same lines and compares like with like. 1–52 weeks (default
 * 12); null for an end that is not a date. Never throws.
 */
function weeklyRecords(
  products: readonly TrendProduct[],
  endDate: string,
  weeks: number,
): WeeklyRecords | null {
  const count = Number.isInteger(weeks) ? Math.min(Math.max(weeks, 1), MAX_WEEKS) : 12;
  const start = typeof endDate === 'string' ? shiftDate(endDate, -7 * (count - 1)) : null;
  if (start === null || !Array.isArray(products)) return null;
  const series: { product: TrendProduct; measure: string; cents: number[] }[] = [];
  for (const p of products as (TrendProduct | null)[]) {
    if (p === null || typeof p !== 'object' || !CHAINS.includes(p.chain)) continue;
    const measure = ingredientPackMeasure(p.pack);
    const daily = pricesByDay(p.spans, start, endDate);
    const cents = Array.from({ length: count }, (_, w) => daily[w * 7]);
    if (measure !== '' && cents.every((c) => typeof c === 'number'))
      series.push({ product: p, measure, cents: cents as number[] });
  }
  const dates = Array.from({ length: count }, (_, w) => shiftDate(start, w * 7) as string);
  const records = dates.map((_, w) => {
    const byIngredient = new Map<number, IngredientPriceRecord>();
    for (const { product, measure, cents } of series) {
      const record = byIngredient.get(product.ingredientId) ?? emptyPriceRecord();
      const columns = PRICE_COLUMNS[product.chain];
      record[columns.measure] = measure;
      record[columns.current] = (cents[w] as number) / 100;
      record[LOOSE_COLUMNS[product.chain]] = product.loose === true;
      byIngredient.set(product.ingredientId, record);
    }
    return byIngredient;
  });
  return { dates, records };
}

const noneTotals = (): Record<ChainKey, number> => ({ coles: 0, woolworths: 0, aldi: 0 });

/** One week's chain: how many lines it prices and their total in dollars. */
type WeekChain = { priced: number; dollars: number };

/** The trend of the weeks' chains (each chain's lines counted in the first week). */
function trendOf(
  dates: readonly string[],
  byWeek: readonly Record<ChainKey, WeekChain>[],
  lines: number,
): CostTrend {
  const priced = noneTotals();
  for (const chain of CHAINS) priced[chain] = byWeek[0]?.[chain].priced ?? 0;
  return {
    priced,
    lines,
    weeks: byWeek.map((chains, w) => {
      const totals = {} as Record<ChainKey, number | null>;
      for (const chain of CHAINS) totals[chain] = chains[chain].priced > 0 ? chains[chain].dollars : null;
      return { date: dates[w] as string, totals };
    }),
  };
}

function eachChain(of: (chain: ChainKey) => WeekChain): Record<ChainKey, WeekChain> {
  return { coles: of('coles'), woolworths: of('woolworths'), aldi: of('aldi') };
}

/**
 * A recipe's lines priced at each chain week by week (weeklyRecords), by the rule of today's
 * price: `priceRecipe`. `priced` says how many lines each chain's totals are of.
 */
export function costTrend(
  lines: readonly RecipeLine[],
  products: readonly TrendProduct[],
  endDate: string,
  weeks = 12,
): CostTrend {
  const weekly = Array.isArray(lines) ? weeklyRecords(products, endDate, weeks) : null;
  if (weekly === null) return { weeks: [], priced: noneTotals(), lines: 0 };
  const byWeek = weekly.records.map((records) => {
    const withPrices = lines.map((line) => {
      const id = line?.ingredients?.id;
      return { ...line, prices: (typeof id === 'number' ? records.get(id) : undefined) ?? null };
    });
    const { chains } = priceRecipe(withPrices);
    return eachChain((c) => ({ priced: chains[c].priced, dollars: chains[c].total }));
  });
  return trendOf(weekly.dates, byWeek, lines.length);
}

/**
 * A shopping list's lines to buy (`listNeeds`, as price-basket answers them) priced week by week
 * (weeklyRecords) by the basket's rule: whole packs, loose produce by weight (`priceBasket`), so
 * the latest week costs what the basket does. `lines` counts the lines to buy.
 */
export function basketCostTrend(
  needs: readonly NeedLine[],
  products: readonly TrendProduct[],
  endDate: string,
  weeks = 12,
): CostTrend {
  const weekly = Array.isArray(needs) ? weeklyRecords(products, endDate, weeks) : null;
  if (weekly === null) return { weeks: [], priced: noneTotals(), lines: 0 };
  let toBuy = 0;
  const byWeek = weekly.records.map((records) => {
    const { chains } = priceBasket(needs, records);
    toBuy = chains.coles.priced + chains.coles.unpriced.length;
    return eachChain((c) => ({ priced: chains[c].priced, dollars: chains[c].totalCents / 100 }));
  });
  return trendOf(weekly.dates, byWeek, toBuy);
}
