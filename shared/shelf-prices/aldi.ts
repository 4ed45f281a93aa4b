/**
 * Aldi Australia's product search JSON (what aldi.com.au's product pages load:
 * `{meta, data: [{sku, name, brandName, sellingSize, notForSale, price: {amount, wasPriceDisplay,
 * comparisonDisplay, …}}]}`), saved by the user, read into Larder feed rows. One file is one
 * day's snapshot: it holds no date, so the reader is told the day.
 */

import { dateOfDay, dayNumber } from '../dates/day-number.ts';
import { emptyFeed, type FeedRead, feedError, ONLINE_STORE, readFeedRecord, showValue } from './feed.ts';
import { type FeedReadOptions, feedToday } from './feed-read.ts';
import { eachItem, quotedName } from './retailer-file.ts';

/** The `source` of rows read from Aldi's product search. */
export const ALDI_SOURCE = 'aldi-search';

export interface AldiOptions extends FeedReadOptions {
  /** The day the file was saved (YYYY-MM-DD, Australia/Sydney): its prices' date. Required. */
  date?: string;
}

/** A selling size read apart: the pack the price is for. */
export interface AldiPack {
  size: number;
  unit: 'g' | 'mL' | 'each';
  loose: boolean;
}

const FACTOR: Readonly<Record<string, [number, 'g' | 'mL']>> = {
  g: [1, 'g'],
  kg: [1000, 'g'],
  ml: [1, 'mL'],
  l: [1000, 'mL'],
  ltr: [1000, 'mL'],
  litre: [1000, 'mL'],
};
const NUM = '(\\d+(?:\\.\\d+)?)';
const MULTI = new RegExp(`^${NUM}\\s*[x×]\\s*${NUM}\\s*(g|kg|ml|l|ltr|litre)$`);
const SINGLE = new RegExp(`^${NUM}\\s*(g|kg|ml|l|ltr|litre)$`);
const COUNT = /^(\d+)\s*(pack|pk|each|ea|piece|pieces|pc|pcs)$/;
const PER_KG = /^(per\s*(1\s*)?kg|kg)(\s*loose)?$/;

/**
 * Reads Aldi's `sellingSize` ('1kg', '500 g', '2 L', '6 x 375ml', '12 pack', 'each', 'per kg')
 * into a pack: grams, millilitres or a count, `loose` for goods priced per kg. `null` when it is
 * none of those. Never throws.
 */
export function readAldiSellingSize(text: string): AldiPack | null {
  if (typeof text !== 'string') return null;
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'each' || t === 'ea') return { size: 1, unit: 'each', loose: false };
  if (PER_KG.test(t)) return { size: 1000, unit: 'g', loose: true };
  let m = MULTI.exec(t);
  if (m) {
    const [k, u] = FACTOR[m[3] as string] as [number, 'g' | 'mL'];
    return { size: Math.round(Number(m[1]) * Number(m[2]) * k * 1000) / 1000, unit: u, loose: false };
  }
  m = SINGLE.exec(t);
  if (m) {
    const [k, u] = FACTOR[m[2] as string] as [number, 'g' | 'mL'];
    return { size: Math.round(Number(m[1]) * k * 1000) / 1000, unit: u, loose: false };
  }
  m = COUNT.exec(t);
  if (m) return { size: Number(m[1]), unit: 'each', loose: false };
  return null;
}

/** '$5.99', 'Was $5.99', '$12' → cents, exactly (no float arithmetic); null otherwise. */
export function readDisplayedCents(text: string): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(?:was\s*)?\$\s*(\d{1,6})(?:\.(\d{2}))?$/i.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + (m[2] === undefined ? 0 : Number(m[2]));
}

/** The product list of a saved response, a list of saved pages, or a bare list of products. */
function productsOf(value: unknown): unknown[] | null {
  const page = (v: unknown): unknown[] | null => {
    const data = (v as { data?: unknown } | null)?.data;
    return typeof v === 'object' && v !== null && Array.isArray(data) ? data : null;
  };
  const one = page(value);
  if (one) return one;
  if (!Array.isArray(value)) return null;
  if (value.every((v) => page(v) !== null)) return value.flatMap((v) => page(v) as unknown[]);
  return value;
}

/**
 * Reads a saved Aldi product search into product and price rows, all dated `options.date`: the
 * price is `price.amount` (already in cents), a shown `wasPriceDisplay` becomes `was_cents` with
 * promo `price-drop`, `notForSale` means out of stock, `sellingSize` gives the pack
 * (readAldiSellingSize). A product whose size, price or was-price cannot be read is an error
 * naming it ('aldi.json product 4 (000000000000411398 'Bananas')'). Never throws.
 */
export function readAldiSearch(file: string, value: unknown, options?: AldiOptions): FeedRead {
  const out = emptyFeed();
  const name = typeof file === 'string' ? file : 'aldi.json';
  const products = productsOf(value);
  if (products === null) {
    out.errors.push(feedError(name, null, 'is not an Aldi product search file ({"data": [products]})'));
    return out;
  }
  const today = feedToday(options);
  const day = typeof options === 'object' && options !== null ? dayNumber(options.date) : null;
  if (day === null) {
    out.errors.push(
      feedError(
        name,
        null,
        'holds no date: give the day it was saved (--date YYYY-MM-DD, or a date in its name)',
      ),
    );
    return out;
  }
  if (day > today) {
    out.errors.push(feedError(name, null, `is dated ${dateOfDay(day)}, after today (${dateOfDay(today)})`));
    return out;
  }
  const date = dateOfDay(day);
  eachItem(products, `${name} product`, out, (p, i) => {
    const skuText = typeof p.sku === 'string' ? p.sku.slice(0, 40) : showValue(p.sku);
    const where = `${name} product ${i} (${skuText}${quotedName(p.name)})`;
    const before = out.errors.length;
    const pack = typeof p.sellingSize === 'string' ? readAldiSellingSize(p.sellingSize) : null;
    if (pack === null)
      out.errors.push(
        feedError(
          where,
          'sellingSize',
          `${showValue(p.sellingSize)} is not a weight, volume or count (e.g. 500g, 2L, 6 pack)`,
        ),
      );
    const price = (typeof p.price === 'object' && p.price !== null ? p.price : {}) as Record<string, unknown>;
    const amount = price.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0)
      out.errors.push(
        feedError(where, 'price.amount', `${showValue(amount)} must be a whole number of cents, at least 0`),
      );
    const wasText = price.wasPriceDisplay;
    const was = typeof wasText === 'string' && wasText.trim() !== '' ? readDisplayedCents(wasText) : null;
    if (typeof wasText === 'string' && wasText.trim() !== '' && was === null)
      out.errors.push(
        feedError(where, 'price.wasPriceDisplay', `${showValue(wasText)} is not a price such as '$5.99'`),
      );
    if (out.errors.length > before) return;
    const brand = typeof p.brandName === 'string' && p.brandName.trim() !== '' ? p.brandName : null;
    const product = readFeedRecord(
      'products',
      {
        chain: 'aldi',
        sku: p.sku,
        name: p.name,
        brand,
        pack_size: pack?.size,
        pack_unit: pack?.unit,
        pack_text: typeof p.sellingSize === 'string' ? p.sellingSize.slice(0, 40) : null,
        sold_loose: pack?.loose,
        store: ONLINE_STORE,
        first_seen: date,
        last_seen: date,
        source: ALDI_SOURCE,
      },
      where,
      today,
      out.errors,
    );
    if (product === null) return;
    const row = readFeedRecord(
      'prices',
      {
        chain: 'aldi',
        sku: p.sku,
        store: ONLINE_STORE,
        date,
        price_cents: amount,
        was_cents: was,
        promo: was === null ? null : 'price-drop',
        in_stock: p.notForSale !== true,
        source: ALDI_SOURCE,
      },
      where,
      today,
      out.errors,
    );
    if (row === null) return;
    out.products.push({ row: product, where });
    out.prices.push({ row, where });
  });
  return out;
}
