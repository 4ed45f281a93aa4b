/**
 * What a recipe (or a basket of lines) cost over the last weeks (issue 18 "the cost trend over 12
 * weeks"): the same lines priced by the same rule as today's price (priceRecipe), with each
 * ingredient's product at the price it had on each week's day.
 */

import type { RecipeLine } from '../nutrition/types.ts';
import { priceRecipe } from '../pricing/price-recipe.ts';
import {
  CHAINS,
  type ChainKey,
  emptyPriceRecord,
  type IngredientPriceRecord,
  PRICE_COLUMNS,
} from '../pricing/types.ts';
import { ingredientPackMeasure, type ProductPack } from './measure.ts';
import { type PriceSpan, pricesByDay } from './special.ts';

/** The product that prices an ingredient at a chain (its preferred one), with its history. */
export interface TrendProduct {
  ingredientId: number;
  chain: ChainKey;
  pack: ProductPack;
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
}

const MS_PER_DAY = 86_400_000;
const MAX_WEEKS = 52;

function shiftDays(date: string, days: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * MS_PER_DAY;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

/**
 * The lines' cost at each chain on `weeks` days a week apart, ending on `endDate` (YYYY-MM-DD),
 * oldest first. A week prices each line as `priceRecipe` does today, from a price record made of
 * the product's pack (`ingredientPackMeasure`) and its price that day (`pricesByDay`: gaps over
 * 10 days unknown). Only products whose price is known on every one of those days count, so each
 * chain's totals price the same lines every week and compare like with like; `priced` says how
 * many lines that is. 1–52 weeks (default 12); no weeks for an end that is not a date. Never throws.
 */
export function costTrend(
  lines: readonly RecipeLine[],
  products: readonly TrendProduct[],
  endDate: string,
  weeks = 12,
): CostTrend {
  const priced = { coles: 0, woolworths: 0, aldi: 0 };
  const count = Number.isInteger(weeks) ? Math.min(Math.max(weeks, 1), MAX_WEEKS) : 12;
  const start = typeof endDate === 'string' ? shiftDays(endDate, -7 * (count - 1)) : null;
  if (start === null || !Array.isArray(lines) || !Array.isArray(products)) return { weeks: [], priced };
  const days = (w: number) => w * 7;
  const series: { product: TrendProduct; measure: string; cents: number[] }[] = [];
  for (const p of products as (TrendProduct | null)[]) {
    if (p === null || typeof p !== 'object' || !CHAINS.includes(p.chain)) continue;
    const measure = ingredientPackMeasure(p.pack);
    const daily = pricesByDay(p.spans, start, endDate);
    const cents = Array.from({ length: count }, (_, w) => daily[days(w)]);
    if (measure !== '' && cents.every((c) => typeof c === 'number'))
      series.push({ product: p, measure, cents: cents as number[] });
  }
  const weekly = Array.from({ length: count }, (_, w) => {
    const records = new Map<number, IngredientPriceRecord>();
    for (const { product, measure, cents } of series) {
      const record = records.get(product.ingredientId) ?? emptyPriceRecord();
      const columns = PRICE_COLUMNS[product.chain];
      record[columns.measure] = measure;
      record[columns.current] = (cents[w] as number) / 100;
      records.set(product.ingredientId, record);
    }
    const withPrices = lines.map((line) => {
      const id = line?.ingredients?.id;
      return { ...line, prices: (typeof id === 'number' ? records.get(id) : undefined) ?? null };
    });
    return priceRecipe(withPrices).chains;
  });
  for (const chain of CHAINS) priced[chain] = weekly[0]?.[chain].priced ?? 0;
  return {
    priced,
    weeks: weekly.map((chains, w) => {
      const totals = {} as Record<ChainKey, number | null>;
      for (const chain of CHAINS) totals[chain] = chains[chain].priced > 0 ? chains[chain].total : null;
      return { date: shiftDays(start, days(w)) as string, totals };
    }),
  };
}
