/**
 * Reading Larder price feeds (docs/price-feed.md) from their files: the three CSV files, the
 * one-file JSON form, and the checks across rows that no single row can make.
 */

import { dayNumber } from '../dates/day-number.ts';
import { mealWindow } from '../dates/index.ts';
import { eachCsvRecord } from './csv.ts';
import {
  emptyFeed,
  FEED_COLUMNS,
  FEED_FORMAT,
  FEED_VERSION,
  type FeedError,
  type FeedKind,
  type FeedMapping,
  type FeedPrice,
  type FeedProduct,
  type FeedRead,
  type FeedRows,
  feedError,
  groupDigits,
  type PriceColumns,
  plainPrice,
  priceColumns,
  readFeedRecord,
  type Sourced,
  showValue,
} from './feed.ts';

/** Options of the readers: the day no date may pass (default: today in Australia/Sydney). */
export interface FeedReadOptions {
  today?: string;
}

/** Today in Australia/Sydney, or `options.today` when it is a real date, as a day number. */
export function feedToday(options?: FeedReadOptions): number {
  const given = typeof options === 'object' && options !== null ? dayNumber(options.today) : null;
  return given ?? (dayNumber(mealWindow().from) as number);
}

const KINDS: readonly FeedKind[] = ['products', 'prices', 'ingredient_products'];
const VERSION_LINE = /^#\s*larder-price-feed\s+version\s+(\S+)\s*$/i;

/** The kind a CSV header belongs to, by the column only that kind has. */
function kindOfHeader(header: readonly string[]): FeedKind | null {
  if (header.includes('price_cents')) return 'prices';
  if (header.includes('pack_unit')) return 'products';
  if (header.includes('ingredient')) return 'ingredient_products';
  return null;
}

/**
 * Checks a CSV header (`where` names its line): the kind it belongs to, or null (and errors
 * added) when it is not a Larder feed header, names an unknown column or one twice, or lacks
 * a required one.
 */
function readHeader(header: readonly string[], where: string, errors: FeedError[]): FeedKind | null {
  const kind = kindOfHeader(header);
  if (kind === null) {
    errors.push(
      feedError(
        where,
        null,
        'names none of price_cents, pack_unit, ingredient: not a Larder price feed header',
      ),
    );
    return null;
  }
  const columns = FEED_COLUMNS[kind];
  const known = new Set([...columns.required, ...columns.optional]);
  const seen = new Set<string>();
  const before = errors.length;
  for (const h of header) {
    if (!known.has(h)) errors.push(feedError(where, null, `has an unknown column ${showValue(h)}`));
    else if (seen.has(h)) errors.push(feedError(where, null, `names the column ${showValue(h)} twice`));
    seen.add(h);
  }
  for (const r of columns.required)
    if (!seen.has(r)) errors.push(feedError(where, null, `lacks the column ${showValue(r)}`));
  return errors.length > before ? null : kind;
}

/**
 * Reads one CSV file of a feed: `products.csv`, `prices.csv` or `ingredient_products.csv`, told
 * apart by their header (the column only that kind has: `pack_unit`, `price_cents`,
 * `ingredient`). Lines starting with `#` before the header are comments; `# larder-price-feed
 * version 1` states the version (1 when absent; any other is refused). Every field is checked
 * with `readFeedRecord`; errors name the file and line ('prices.csv line 5,012: price_cents -3
 * must be ≥ 0'), and a row with any error is left out. Never throws.
 */
export function readFeedCsv(file: string, text: string, options?: FeedReadOptions): FeedRead {
  const out = emptyFeed();
  const name = typeof file === 'string' ? file : 'feed.csv';
  if (typeof text !== 'string') {
    out.errors.push(feedError(name, null, 'is not text'));
    return out;
  }
  const today = feedToday(options);
  // Comment lines before the header.
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let skipped = 0;
  while (body.startsWith('#')) {
    const end = body.indexOf('\n');
    const comment = (end < 0 ? body : body.slice(0, end)).replace(/\r$/, '');
    const version = VERSION_LINE.exec(comment);
    if (version && version[1] !== String(FEED_VERSION))
      out.errors.push(
        feedError(
          `${name} line ${skipped + 1}`,
          null,
          `states version ${version[1]}; this reader knows version ${FEED_VERSION}`,
        ),
      );
    skipped++;
    body = end < 0 ? '' : body.slice(end + 1);
  }
  if (out.errors.length > 0) return out;
  // The header is the first record; the rows are checked as they are read, so the file is never
  // held whole as records (see eachCsvRecord).
  let header: string[] | null = null;
  let kind: FeedKind | null = null;
  let rows: Sourced<FeedRows[FeedKind][number]['row']>[] = [];
  let prices: PriceColumns | null = null;
  const error = eachCsvRecord(body, (line, fields) => {
    if (header === null) {
      header = fields.map((h) => h.trim());
      kind = readHeader(header, `${name} line ${groupDigits(line + skipped)}`, out.errors);
      if (kind !== null) rows = out[kind];
      if (kind === 'prices') prices = priceColumns(header);
      return;
    }
    if (kind === null) return;
    const where = `${name} line ${groupDigits(line + skipped)}`;
    if (fields.length !== header.length) {
      out.errors.push(
        feedError(where, null, `has ${fields.length} fields where the header has ${header.length}`),
      );
      return;
    }
    const plain = prices === null ? null : plainPrice(fields, prices, today);
    if (plain !== null) {
      rows.push({ row: plain, where });
      return;
    }
    const record: Record<string, string> = {};
    for (let c = 0; c < header.length; c++) record[header[c] as string] = fields[c] as string;
    const row = readFeedRecord(kind, record, where, today, out.errors);
    if (row !== null) rows.push({ row, where });
  });
  if (error) {
    out.errors.push(feedError(`${name} line ${groupDigits(error.line + skipped)}`, null, error.message));
    return out;
  }
  if (header === null) out.errors.push(feedError(name, null, 'is empty (no header line)'));
  return out;
}

/**
 * Reads the one-file JSON form of a feed: `{"format": "larder-price-feed", "version": 1,
 * "products": […], "prices": […], "ingredient_products": […]}` (sections optional), each row an
 * object with the CSV columns as keys and JSON values (numbers, booleans, null). Errors name the
 * row as 'feed.json prices[12]'; unknown keys are errors, as unknown CSV columns are. Never throws.
 */
export function readFeedJson(file: string, value: unknown, options?: FeedReadOptions): FeedRead {
  const out = emptyFeed();
  const name = typeof file === 'string' ? file : 'feed.json';
  const today = feedToday(options);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.errors.push(feedError(name, null, 'is not a JSON object'));
    return out;
  }
  const doc = value as Record<string, unknown>;
  if (doc.format !== FEED_FORMAT)
    out.errors.push(
      feedError(
        name,
        'format',
        doc.format === undefined ? 'is missing' : `${showValue(doc.format)} must be '${FEED_FORMAT}'`,
      ),
    );
  if (doc.version !== FEED_VERSION)
    out.errors.push(
      feedError(
        name,
        'version',
        doc.version === undefined ? 'is missing' : `${showValue(doc.version)} must be ${FEED_VERSION}`,
      ),
    );
  for (const key of Object.keys(doc))
    if (key !== 'format' && key !== 'version' && !KINDS.includes(key as FeedKind))
      out.errors.push(feedError(name, null, `has an unknown section ${showValue(key)}`));
  if (out.errors.length > 0) return out;
  for (const kind of KINDS) {
    const section = doc[kind];
    if (section === undefined) continue;
    if (!Array.isArray(section)) {
      out.errors.push(feedError(name, kind, 'must be a list of rows'));
      continue;
    }
    const columns = FEED_COLUMNS[kind];
    const known = new Set([...columns.required, ...columns.optional]);
    const rows = out[kind] as Sourced<unknown>[];
    section.forEach((item, i) => {
      const where = `${name} ${kind}[${i}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        out.errors.push(feedError(where, null, 'must be an object'));
        return;
      }
      const unknown = Object.keys(item).filter((k) => !known.has(k));
      for (const k of unknown)
        out.errors.push(feedError(where, null, `has an unknown field ${showValue(k)}`));
      if (unknown.length > 0) return;
      const row = readFeedRecord(kind, item as Record<string, unknown>, where, today, out.errors);
      if (row !== null) rows.push({ row, where });
    });
  }
  return out;
}

const productKey = (r: { chain: string; sku: string }): string => `${r.chain}\u0000${r.sku}`;
/** What a price row says, apart from when: two rows of one product and store saying the same are one price. */
export function samePrice(a: FeedPrice, b: FeedPrice): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  return (
    a.price_cents === b.price_cents &&
    a.was_cents === b.was_cents &&
    a.promo === b.promo &&
    a.multibuy_qty === b.multibuy_qty &&
    a.multibuy_cents === b.multibuy_cents &&
    a.in_stock === b.in_stock
  );
}

/** A well-formed row with its place (anything else in a part is skipped). */
function isSourced<T>(item: unknown): item is Sourced<T> {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as Sourced<T>).where === 'string' &&
    typeof (item as Sourced<T>).row === 'object' &&
    (item as Sourced<T>).row !== null
  );
}
const list = <T>(items: unknown): Sourced<T>[] => (Array.isArray(items) ? items.filter(isSourced<T>) : []);

const minDate = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a <= b ? a : b;
const maxDate = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a >= b ? a : b;

/**
 * The price rows of one product and store so far (their places in the combined list), to find
 * a day given twice. Rows mostly come in date order, and a day after the latest cannot be a
 * repeat: the map by day is made only when a row goes back in time.
 */
interface PriceDays {
  latest: string;
  rows: number[];
  byDay: Map<string, number> | null;
}

/** The place of the row of `date` among `days`, if there is one. */
function rowOfDay(days: PriceDays, date: string, prices: readonly Sourced<FeedPrice>[]): number | undefined {
  if (date > days.latest) return undefined;
  if (days.byDay === null) {
    days.byDay = new Map();
    for (const i of days.rows) days.byDay.set((prices[i] as Sourced<FeedPrice>).row.date, i);
  }
  return days.byDay.get(date);
}

function addDay(days: PriceDays, date: string, at: number): void {
  if (days.byDay === null) days.rows.push(at);
  else days.byDay.set(date, at);
  if (date > days.latest) days.latest = date;
}

/**
 * Puts the parts of one import (several files) together and makes the checks across rows:
 * - a product (chain and SKU) listed twice must have the same pack (size, unit, loose, grams
 *   each); its other fields come from the later row, its first and last seen are merged;
 * - a price for the same product, store and day given twice must say the same (the rows are
 *   merged, last seen the later);
 * - a mapping given twice must say the same, and an ingredient has at most one preferred
 *   product per chain.
 * Errors name both rows. References to products not in the feed are left to the database,
 * which also knows the products of earlier imports. Never throws.
 */
export function combineFeeds(parts: readonly FeedRead[]): FeedRead {
  const out = emptyFeed();
  if (!Array.isArray(parts)) return out;
  const products = new Map<string, Sourced<FeedProduct>>();
  const prices: Sourced<FeedPrice>[] = [];
  const priceAt = new Map<string, PriceDays>();
  const mappings = new Map<string, Sourced<FeedMapping>>();
  const preferred = new Map<string, Sourced<FeedMapping>>();
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue;
    if (Array.isArray(part.errors))
      for (const e of part.errors) if (typeof e?.text === 'string') out.errors.push(e);
    for (const p of list<FeedProduct>(part.products)) {
      const key = productKey(p.row);
      const had = products.get(key);
      if (!had) {
        products.set(key, p);
        continue;
      }
      const a = had.row;
      const b = p.row;
      if (
        a.pack_size !== b.pack_size ||
        a.pack_unit !== b.pack_unit ||
        a.sold_loose !== b.sold_loose ||
        a.grams_each !== b.grams_each
      ) {
        out.errors.push(
          feedError(
            p.where,
            null,
            `${b.chain} ${b.sku} is on ${had.where} too, with another pack (${a.pack_size} ${a.pack_unit}${a.sold_loose ? ' loose' : ''} there, ${b.pack_size} ${b.pack_unit}${b.sold_loose ? ' loose' : ''} here)`,
          ),
        );
        continue;
      }
      // A copy: the parts' own rows are never changed.
      products.set(key, {
        where: had.where,
        row: {
          ...b,
          first_seen: minDate(a.first_seen, b.first_seen),
          last_seen: maxDate(a.last_seen, b.last_seen),
        },
      });
    }
    // By product and store, then day: 100,000 keys of all four held at once cost more to make
    // and to keep than a few thousand. A feed lists a product's rows together, so the row
    // before's product and store are looked up once for the run.
    let days: PriceDays | undefined;
    let last: FeedPrice | undefined;
    for (const p of list<FeedPrice>(part.prices)) {
      if (
        !days ||
        !last ||
        p.row.sku !== last.sku ||
        p.row.chain !== last.chain ||
        p.row.store !== last.store
      ) {
        const key = `${p.row.chain}\u0000${p.row.sku}\u0000${p.row.store}`;
        days = priceAt.get(key);
        if (!days) {
          days = { latest: '', rows: [], byDay: null };
          priceAt.set(key, days);
        }
      }
      last = p.row;
      const at = rowOfDay(days, p.row.date, prices);
      const had = at === undefined ? undefined : prices[at];
      if (at === undefined || !had) {
        addDay(days, p.row.date, prices.length);
        prices.push(p);
        continue;
      }
      if (!samePrice(had.row, p.row)) {
        out.errors.push(
          feedError(
            p.where,
            null,
            `${p.row.chain} ${p.row.sku} at store ${p.row.store} on ${p.row.date} is ${p.row.price_cents} cents here but ${had.row.price_cents} cents on ${had.where} (or differs in was, promo, multibuy or stock)`,
          ),
        );
        continue;
      }
      prices[at] = {
        where: had.where,
        row: { ...had.row, last_seen: maxDate(had.row.last_seen, p.row.last_seen) },
      };
    }
    for (const m of list<FeedMapping>(part.ingredient_products)) {
      const key = `${m.row.ingredient}\u0000${productKey(m.row)}`;
      const had = mappings.get(key);
      if (had) {
        const a = had.row;
        const b = m.row;
        if (a.preferred !== b.preferred || a.match !== b.match || a.reviewed_on !== b.reviewed_on)
          out.errors.push(
            feedError(
              m.where,
              null,
              `maps ${showValue(b.ingredient)} to ${b.chain} ${b.sku} differently on ${had.where}`,
            ),
          );
        continue;
      }
      if (m.row.preferred) {
        const pk = `${m.row.ingredient}\u0000${m.row.chain}`;
        const other = preferred.get(pk);
        if (other) {
          out.errors.push(
            feedError(
              m.where,
              'preferred',
              `true for ${showValue(m.row.ingredient)} at ${m.row.chain} (${m.row.sku}), but ${other.where} prefers ${other.row.sku}: one preferred product per ingredient and chain`,
            ),
          );
          continue;
        }
        preferred.set(pk, m);
      }
      mappings.set(key, m);
    }
  }
  out.products = [...products.values()];
  out.prices = prices;
  out.ingredient_products = [...mappings.values()];
  return out;
}

/** Every error's sentence, the first `limit`, and a count of the rest. */
export function describeFeedErrors(errors: readonly FeedError[], limit = 50): string[] {
  if (!Array.isArray(errors)) return [];
  const shown = errors
    .slice(0, Math.max(0, typeof limit === 'number' && Number.isFinite(limit) ? limit : 50))
    .map((e) => (typeof e?.text === 'string' ? e.text : ''));
  const rest = errors.length - shown.length;
  if (rest > 0) shown.push(`… and ${groupDigits(rest)} more`);
  return shown;
}
