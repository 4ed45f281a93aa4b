import { shiftDate } from '../../../../shared/dates/day-number.ts';
import { mealWindow } from '../../../../shared/dates/meal-window.ts';
import { CHAINS } from '../../../../shared/pricing/types.ts';
import type { TrendProduct } from '../../../../shared/shelf-prices/cost-trend.ts';
import { daysUnseen, isStale } from '../../../../shared/shelf-prices/freshness.ts';
import { type ShelfUnitPrice, shelfUnitPrice } from '../../../../shared/shelf-prices/shelf-price.ts';
import { historySpans } from '../../../../shared/shelf-prices/spans.ts';
import {
  isSpecialVerdict,
  judgeSpecial,
  type PriceSpan,
  pricesByDay,
  type SpecialJudgement,
} from '../../../../shared/shelf-prices/special.ts';
import type { ChainProduct, ProductHistoryRow, ProductLink } from './api.ts';

/** Feeds date prices in Australia/Sydney (docs/price-feed.md), so "today" is Sydney's. */
export function pricesToday(now: Date = new Date()): string {
  return mealWindow(now, 'Australia/Sydney').from;
}

/** The `source` of the generated sample history (supabase/seed-data/price-history.ts). */
const SAMPLE_SOURCE = 'sample';
/** The days a price chart draws: the 12 weeks to the day a product is judged on. */
const CHART_DAYS = 84;

/** A product's price as the screens show it: judged on the last day it was seen (or today). */
export interface ProductPrice {
  product: ChainProduct;
  ingredientId: number;
  preferred: boolean;
  /** The day its price is judged on: today, or the day it was last seen if earlier. */
  asOf: string;
  judgement: SpecialJudgement;
  unitPrice: ShelfUnitPrice | null;
  stale: boolean;
  /** Days since a feed last listed it. */
  unseenDays: number;
  sample: boolean;
  /** Matched to the ingredient by its name by an import, not by a person or a barcode. */
  byName: boolean;
  spans: PriceSpan[];
}

/**
 * Each matched product with its judged price, in chain order (Coles, Woolworths, Aldi), the
 * preferred product of a chain first. A product without history is judged 'not-enough-history'.
 */
export function productPrices(
  links: readonly ProductLink[],
  history: readonly ProductHistoryRow[],
  today: string,
): ProductPrice[] {
  const rowsOf = new Map<number, ProductHistoryRow[]>();
  for (const row of history) {
    const list = rowsOf.get(row.product_id);
    if (list) list.push(row);
    else rowsOf.set(row.product_id, [row]);
  }
  return links
    .filter((l) => l.product)
    .map((l) => {
      const rows = rowsOf.get(l.product.id) ?? [];
      const asOf = rows[0]?.as_of ?? (l.product.last_seen < today ? l.product.last_seen : today);
      const spans = historySpans(rows);
      const judgement = judgeSpecial(spans, asOf);
      const pack = {
        size: Number(l.product.pack_size),
        unit: l.product.pack_unit,
        loose: l.product.sold_loose,
      };
      return {
        product: l.product,
        ingredientId: l.ingredient_id,
        preferred: l.preferred,
        asOf,
        judgement,
        unitPrice: judgement.priceCents === null ? null : shelfUnitPrice(judgement.priceCents, pack),
        stale: isStale(l.product.last_seen, today),
        unseenDays: daysUnseen(l.product.last_seen, today) ?? 0,
        sample: l.product.source === SAMPLE_SOURCE,
        byName: l.match === 'name',
        spans,
      };
    })
    .sort(
      (a, b) =>
        CHAINS.indexOf(a.product.chain) - CHAINS.indexOf(b.product.chain) ||
        Number(b.preferred) - Number(a.preferred) ||
        a.product.name.localeCompare(b.product.name),
    );
}

/** A product's price on each of the 84 days to its judging day, in dollars (null: unknown). */
export function chartDays(price: ProductPrice): { dates: string[]; dollars: (number | null)[] } {
  const from = shiftDate(price.asOf, -(CHART_DAYS - 1)) ?? '';
  const cents = pricesByDay(price.spans, from, price.asOf);
  return {
    dates: cents.map((_, i) => shiftDate(from, i) ?? ''),
    dollars: cents.map((c) => (c === null ? null : c / 100)),
  };
}

/** The chart's table alternative: the price each week (the 12 week-ending days), in dollars. */
export function weeklyRows(price: ProductPrice): { date: string; dollars: number | null }[] {
  const { dates, dollars } = chartDays(price);
  return dates
    .map((date, i) => ({ date, dollars: dollars[i] ?? null }))
    .filter((_, i) => (CHART_DAYS - 1 - i) % 7 === 0);
}

/** The products that price each ingredient (the preferred one per chain), for shared's cost trends. */
export function trendProducts(prices: readonly ProductPrice[]): TrendProduct[] {
  return prices
    .filter((p) => p.preferred)
    .map((p) => ({
      ingredientId: p.ingredientId,
      chain: p.product.chain,
      pack: {
        pack_size: Number(p.product.pack_size),
        pack_unit: p.product.pack_unit,
        grams_each: p.product.grams_each,
      },
      loose: p.product.sold_loose,
      spans: p.spans,
    }));
}

/** The preferred products whose price is a special (real or not), in chain order. */
export function specialsOf(prices: readonly ProductPrice[]): ProductPrice[] {
  return prices.filter((p) => p.preferred && isSpecialVerdict(p.judgement.verdict));
}

/** The newest judging day among the products (the day a trend ends), or null without any. */
export function latestDay(prices: readonly ProductPrice[]): string | null {
  return prices.reduce<string | null>((max, p) => (max === null || p.asOf > max ? p.asOf : max), null);
}
