/**
 * The hotprices-au canonical JSON (github.com/Javex/hotprices-au, `latest-canonical.json`): an
 * array of Coles and Woolworths items, each
 * `{store: 'coles' | 'woolies', id, name, unit: 'g' | 'ml' | 'ea', quantity, isWeighted,
 * priceHistory: [{date, price}] newest first, price in dollars as a float, unavailable?}`,
 * read into Larder feed rows (docs/price-feed.md). Offline: it reads a file the user downloaded.
 */

import { dateOfDay, dayNumber } from '../dates/day-number.ts';
import { dollarsToCents } from './cents.ts';
import {
  emptyFeed,
  type FeedPrice,
  type FeedRead,
  feedError,
  ONLINE_STORE,
  readFeedRecord,
  showValue,
} from './feed.ts';
import { type FeedReadOptions, feedToday } from './feed-read.ts';
import { eachItem, quotedName } from './retailer-file.ts';

/** The `source` of rows read from hotprices-au. */
export const HOTPRICES_SOURCE = 'hotprices-au';

const CHAIN_OF_STORE: Readonly<Record<string, 'coles' | 'woolworths'>> = {
  coles: 'coles',
  woolies: 'woolworths',
  woolworths: 'woolworths',
};
const UNIT: Readonly<Record<string, 'g' | 'mL' | 'each'>> = { g: 'g', ml: 'mL', ea: 'each' };

export interface HotpricesOptions extends FeedReadOptions {
  /**
   * The day the file was made (YYYY-MM-DD): the newest price of every item was still on the
   * shelf then. Default: the newest date in the file.
   */
  asOf?: string;
}

interface Entry {
  day: number;
  cents: number;
  /** Its index in the file's priceHistory. */
  index: number;
}

/**
 * Reads a hotprices-au canonical file into product and price rows. Each item becomes a product
 * (`chain` coles or woolworths, `sku` its id, pack `quantity` of g / mL / each, sold loose when
 * `isWeighted` and weighed in grams) and one price span per `priceHistory` entry: from its date
 * until the day before the next change, the newest until `asOf` (in stock unless the item is
 * `unavailable`). Dollar floats become cents exactly (dollarsToCents); a price that is not a
 * whole number of cents, a unit other than g, ml or ea, or a store other than coles or woolies
 * is an error naming the item ('canonical.json item 3 (coles 123 'Cable ties'): unit 'cm' must
 * be g, ml or ea'). Never throws.
 */
export function readHotprices(file: string, value: unknown, options?: HotpricesOptions): FeedRead {
  const out = emptyFeed();
  const name = typeof file === 'string' ? file : 'canonical.json';
  if (!Array.isArray(value)) {
    out.errors.push(feedError(name, null, 'is not a hotprices-au canonical file (a JSON list of items)'));
    return out;
  }
  const today = feedToday(options);
  let newest = -Infinity;
  for (const item of value) {
    const history = (item as { priceHistory?: unknown } | null)?.priceHistory;
    if (Array.isArray(history))
      for (const e of history) {
        const d = dayNumber((e as { date?: unknown } | null)?.date);
        if (d !== null && d <= today && d > newest) newest = d;
      }
  }
  const given = typeof options === 'object' && options !== null ? dayNumber(options.asOf) : null;
  const asOf = given ?? (Number.isFinite(newest) ? newest : today);

  eachItem(value, `${name} item`, out, (it, i) => {
    const id = typeof it.id === 'number' || typeof it.id === 'string' ? String(it.id) : it.id;
    const storeText = typeof it.store === 'string' ? it.store.slice(0, 20) : showValue(it.store);
    const idText = typeof id === 'string' ? id.slice(0, 40) : showValue(id);
    const label = `${storeText} ${idText}${quotedName(it.name)}`;
    const where = `${name} item ${i} (${label})`;
    const before = out.errors.length;
    const chain = typeof it.store === 'string' ? CHAIN_OF_STORE[it.store] : undefined;
    if (!chain) out.errors.push(feedError(where, 'store', `${showValue(it.store)} must be coles or woolies`));
    const unit = typeof it.unit === 'string' ? UNIT[it.unit] : undefined;
    if (!unit) out.errors.push(feedError(where, 'unit', `${showValue(it.unit)} must be g, ml or ea`));
    if (typeof it.quantity !== 'number' || !(it.quantity > 0) || !Number.isFinite(it.quantity))
      out.errors.push(feedError(where, 'quantity', `${showValue(it.quantity)} must be a number above 0`));
    const history = it.priceHistory;
    const entries: Entry[] = [];
    if (!Array.isArray(history)) out.errors.push(feedError(where, 'priceHistory', 'must be a list'));
    else
      history.forEach((e, k) => {
        const at = `priceHistory[${k}]`;
        const entry = (typeof e === 'object' && e !== null ? e : {}) as { date?: unknown; price?: unknown };
        const day = dayNumber(entry.date);
        if (day === null) {
          out.errors.push(
            feedError(where, `${at}.date`, `${showValue(entry.date)} must be a date written YYYY-MM-DD`),
          );
          return;
        }
        if (day > today) {
          out.errors.push(
            feedError(where, `${at}.date`, `${showValue(entry.date)} is after today (${dateOfDay(today)})`),
          );
          return;
        }
        const cents = typeof entry.price === 'number' ? dollarsToCents(entry.price) : null;
        if (cents === null) {
          out.errors.push(
            feedError(
              where,
              `${at}.price`,
              `${showValue(entry.price)} must be dollars with whole cents, at least 0`,
            ),
          );
          return;
        }
        const twin = entries.find((x) => x.day === day);
        if (twin && twin.cents !== cents)
          out.errors.push(
            feedError(where, `${at}.date`, `${entry.date} appears twice with different prices`),
          );
        else if (!twin) entries.push({ day, cents, index: k });
      });
    if (out.errors.length > before) return;
    const quantity = Math.round((it.quantity as number) * 1000) / 1000;
    const product = readFeedRecord(
      'products',
      {
        chain,
        sku: id,
        name: it.name,
        pack_size: quantity,
        pack_unit: unit,
        sold_loose: it.isWeighted === true && unit === 'g',
        store: ONLINE_STORE,
        source: HOTPRICES_SOURCE,
      },
      where,
      today,
      out.errors,
    );
    if (product === null) return;
    entries.sort((a, b) => a.day - b.day);
    const end = Math.max(asOf, entries.at(-1)?.day ?? asOf);
    product.first_seen = entries[0] ? dateOfDay(entries[0].day) : dateOfDay(end);
    product.last_seen = dateOfDay(end);
    out.products.push({ row: product, where });
    entries.forEach((e, k) => {
      const next = entries[k + 1];
      const row: FeedPrice = {
        chain: product.chain,
        sku: product.sku,
        store: ONLINE_STORE,
        date: dateOfDay(e.day),
        last_seen: dateOfDay(next ? next.day - 1 : end),
        price_cents: e.cents,
        was_cents: null,
        promo: null,
        multibuy_qty: null,
        multibuy_cents: null,
        in_stock: next ? true : it.unavailable !== true,
        source: HOTPRICES_SOURCE,
      };
      out.prices.push({ row, where: `${where} priceHistory[${e.index}]` });
    });
  });
  return out;
}
