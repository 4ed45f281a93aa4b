/**
 * The rows of a price import as `public.stage_price_rows` takes them (docs/price-feed.md "What
 * an import does", step 3): request bodies under the Data API's 1 MiB limit, each row a JSON
 * array of its values in a fixed column order, so no key is repeated per row.
 */
import { type FeedError, type FeedKind, feedError, type Sourced } from './feed.ts';

/**
 * The columns of each kind in the order a staged row lists them, after `at` (the row's file
 * and line): required ones first, so the optional ones a feed leaves out can be dropped from
 * the end. The SQL of public.stage_price_rows reads them in this order.
 */
const STAGE_COLUMNS: { readonly [K in FeedKind]: readonly string[] } = {
  products: [
    'chain',
    'sku',
    'name',
    'pack_size',
    'pack_unit',
    'source',
    'store',
    'brand',
    'pack_text',
    'sold_loose',
    'grams_each',
    'barcode',
    'first_seen',
    'last_seen',
  ],
  prices: [
    'chain',
    'sku',
    'date',
    'price_cents',
    'source',
    'last_seen',
    'store',
    'was_cents',
    'promo',
    'multibuy_qty',
    'multibuy_cents',
    'in_stock',
  ],
  ingredient_products: ['ingredient', 'chain', 'sku', 'match', 'source', 'preferred', 'reviewed_on'],
};

/** Values sent as null because public.stage_price_rows puts them back: each column's default. */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  store: 'online',
  in_stock: true,
  sold_loose: false,
  preferred: true,
};

/** 1 MiB less room for the envelope and headers. */
const DEFAULT_CHUNK_BYTES = 1_000_000;

/** One request body of public.stage_price_rows. */
export interface StageChunk {
  batch: string;
  kind: FeedKind;
  /** `[at, <STAGE_COLUMNS[kind]>…]` per row; null is "not given", trailing nulls left out. */
  rows: unknown[][];
}

/** UTF-8 length of text, counted without an encoder: a feed's text is mostly ASCII. */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c < 0xdc00) {
      // A surrogate pair: two units, four bytes.
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: what JSON escapes.
const PLAIN = /^[^"\\\u0000-\u001f\u007f-\uffff]*$/;

/** The bytes a value takes in a JSON body. */
function jsonBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  if (typeof value === 'string')
    return PLAIN.test(value) ? value.length + 2 : utf8Length(JSON.stringify(value));
  return String(value).length;
}

/**
 * The rows of one kind as request bodies of at most `maxBytes` each (a row alone over it is an
 * error naming the row). Never throws.
 */
export function stageChunks(
  batch: string,
  kind: FeedKind,
  rows: readonly Sourced<object>[],
  maxBytes: number = DEFAULT_CHUNK_BYTES,
): { chunks: StageChunk[]; errors: FeedError[] } {
  const chunks: StageChunk[] = [];
  const errors: FeedError[] = [];
  if (typeof kind !== 'string' || !Object.hasOwn(STAGE_COLUMNS, kind) || !Array.isArray(rows))
    return { chunks, errors };
  const columns = STAGE_COLUMNS[kind];
  const limit = Number.isFinite(maxBytes) && maxBytes > 0 ? maxBytes : DEFAULT_CHUNK_BYTES;
  const envelope = utf8Length(JSON.stringify({ batch, kind, rows: [] }));
  let current: unknown[][] = [];
  let size = envelope;
  for (const r of rows) {
    const row = (r?.row ?? {}) as Record<string, unknown>;
    const where = typeof r?.where === 'string' ? r.where : '';
    const values: unknown[] = [where];
    let bytes = jsonBytes(where) + 3;
    for (const name of columns) {
      const v = row[name];
      const value = v === undefined || v === DEFAULTS[name] ? null : v;
      values.push(value);
      bytes += jsonBytes(value) + 1;
    }
    while (values.length > 1 && values[values.length - 1] === null) {
      values.pop();
      bytes -= 5;
    }
    if (envelope + bytes > limit) {
      errors.push(feedError(where, null, `is over ${limit} bytes on its own`));
      continue;
    }
    if (current.length > 0 && size + bytes > limit) {
      chunks.push({ batch, kind, rows: current });
      current = [];
      size = envelope;
    }
    current.push(values);
    size += bytes;
  }
  if (current.length > 0) chunks.push({ batch, kind, rows: current });
  return { chunks, errors };
}
