import type { FeedPrice, Sourced } from '../shelf-prices/feed.ts';

/** A Coles online price row of a feed (test helper): 1 Nov 2026, $1.00, no promotion, overridden by `fields`. */
export function feedPrice(where: string, fields: Partial<FeedPrice> = {}): Sourced<FeedPrice> {
  return {
    where,
    row: {
      chain: 'coles',
      sku: 'C1',
      store: 'online',
      date: '2026-11-01',
      last_seen: null,
      price_cents: 100,
      was_cents: null,
      promo: null,
      multibuy_qty: null,
      multibuy_cents: null,
      in_stock: true,
      source: 'test',
      ...fields,
    },
  };
}
