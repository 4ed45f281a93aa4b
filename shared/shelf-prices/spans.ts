/**
 * Change-only price history, as the public feeds store it (issue 18): one span per price, from
 * the day it was first seen until the last day it was seen, the next span starting when the
 * price changed.
 */

import { dateOfDay, dayNumber } from '../dates/day-number.ts';
import type { FeedPrice, Sourced } from './feed.ts';
import { samePrice } from './feed-read.ts';
import type { PriceSpan } from './special.ts';

/**
 * Folds dated price rows (sightings or spans, in any order) into change-only spans per chain,
 * SKU and store: rows in date order that say the same (price, was, promo, multibuy, stock) are
 * one span from the first row's date to the latest `last_seen` (a row without one was seen on
 * its date); a span ends at the latest the day before the next one starts. Each span keeps the
 * first row's `where` and `source`. The database folds a feed into the stored history by the
 * same rule (public.apply_price_import), so folding first only makes the upload smaller.
 * Never throws; rows that are not prices are left out.
 */
export function collapsePrices(prices: readonly Sourced<FeedPrice>[]): Sourced<FeedPrice>[] {
  if (!Array.isArray(prices)) return [];
  const groups = new Map<string, Sourced<FeedPrice>[]>();
  // Rows of one product and store mostly come together and in date order: the group of the
  // row before is kept, and a group already in order is not sorted.
  let group: Sourced<FeedPrice>[] | undefined;
  let last: FeedPrice | undefined;
  const unsorted = new Set<Sourced<FeedPrice>[]>();
  for (const p of prices) {
    const r = p?.row;
    if (typeof r !== 'object' || r === null || dayNumber(r.date) === null) continue;
    if (!group || !last || r.sku !== last.sku || r.chain !== last.chain || r.store !== last.store) {
      const key = `${r.chain}\u0000${r.sku}\u0000${r.store}`;
      group = groups.get(key);
      if (!group) {
        group = [];
        groups.set(key, group);
      }
    }
    const before = group[group.length - 1];
    if (before && before.row.date > r.date) unsorted.add(group);
    group.push(p);
    last = r;
  }
  const out: Sourced<FeedPrice>[] = [];
  for (const group of groups.values()) {
    if (unsorted.has(group))
      group.sort((a, b) => (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : 0));
    let open: Sourced<FeedPrice> | null = null;
    for (const p of group) {
      const seen = p.row.last_seen !== null && p.row.last_seen > p.row.date ? p.row.last_seen : p.row.date;
      if (open && samePrice(open.row, p.row)) {
        if (seen > (open.row.last_seen as string)) open.row.last_seen = seen;
        continue;
      }
      if (open) {
        const dayBefore = dateOfDay((dayNumber(p.row.date) as number) - 1);
        if ((open.row.last_seen as string) > dayBefore) open.row.last_seen = dayBefore;
      }
      open = { row: { ...p.row, last_seen: seen }, where: p.where };
      out.push(open);
    }
  }
  return out;
}

/** One stored span as the database returns it (public.price_history). */
export interface HistoryRow {
  date: string;
  last_seen: string | null;
  price_cents: number;
  was_cents?: number | null;
  promo?: string | null;
}

/**
 * The stored history (rows of `public.price_history`) as the spans `judgeSpecial` reads: a
 * promotion kind or a was-price marks the span as promoted. Rows that are not history rows are
 * left out. Never throws.
 */
export function historySpans(rows: readonly HistoryRow[]): PriceSpan[] {
  if (!Array.isArray(rows)) return [];
  const spans: PriceSpan[] = [];
  for (const r of rows) {
    if (
      typeof r !== 'object' ||
      r === null ||
      typeof r.date !== 'string' ||
      typeof r.price_cents !== 'number'
    )
      continue;
    const was = typeof r.was_cents === 'number' ? r.was_cents : null;
    spans.push({
      from: r.date,
      lastSeen: typeof r.last_seen === 'string' ? r.last_seen : null,
      priceCents: r.price_cents,
      wasCents: was,
      promo: (typeof r.promo === 'string' && r.promo !== '') || was !== null,
    });
  }
  return spans;
}
