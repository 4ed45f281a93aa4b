/**
 * Reading the files of one price import (docs/price-feed.md "What an import does", step 1): each
 * file told apart by its content (a Larder CSV or JSON feed, a hotprices-au canonical file, an
 * Aldi product search), gunzipped when it is gzip, every row checked, the rows of all files put
 * together and the prices folded into change-only spans, with the checksum that makes an import
 * idempotent. The same code runs in `npm run prices:import` (Node) and the `import-prices` Edge
 * Function (Deno): web APIs only (DecompressionStream, TextDecoder, crypto.subtle).
 */

import { readCapped } from '../streams/read-capped.ts';
import { sha256 } from '../streams/sha256.ts';
import { readAldiSearch } from './aldi.ts';
import {
  emptyFeed,
  type FeedError,
  type FeedPrice,
  type FeedRead,
  type FeedRows,
  feedError,
  type Sourced,
} from './feed.ts';
import { combineFeeds, readFeedCsv, readFeedJson } from './feed-read.ts';
import { readHotprices } from './hotprices.ts';
import { collapsePrices } from './spans.ts';

/** A file's format, as price_imports.formats records it. */
export type ImportFileFormat = 'larder-csv' | 'larder-json' | 'hotprices-au' | 'aldi-search';

/** One file to import: the name its errors use and its bytes. */
export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface PrepareOptions {
  /** Today in Australia/Sydney (YYYY-MM-DD): no date may pass it. Default: the real today. */
  today?: string;
  /** The day an Aldi product-search file was saved (else a YYYY-MM-DD in its name). */
  date?: string;
  /** The day a hotprices-au file was made (else its newest date). */
  asOf?: string;
}

/** An import read and checked, ready to apply (when `errors` is empty). */
export interface PreparedImport {
  files: string[];
  formats: ImportFileFormat[];
  /** SHA-256 of the files' bytes (each hashed, sorted, hashed again) and the options that date them. */
  checksum: string;
  rows: FeedRows;
  /** The price rows folded into change-only spans (what is sent). */
  spans: Sourced<FeedPrice>[];
  /** Data rows in the files, and of them price rows. */
  rowsRead: number;
  priceRows: number;
  errors: FeedError[];
}

/**
 * Largest text a file may unpack to: a year of hotprices-au history for both chains is about
 * 150 MB, and JavaScript strings end near 512 MiB.
 */
const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;

const isGzip = (b: Uint8Array): boolean => b[0] === 0x1f && b[1] === 0x8b;

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return await readCapped(
    stream,
    MAX_UNPACKED_BYTES,
    () => new Error(`it unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MiB`),
  );
}

const unreadable = (name: string, message: string): { format: null; feed: FeedRead } => {
  const feed = emptyFeed();
  feed.errors.push(feedError(name, null, message));
  return { format: null, feed };
};

/**
 * Reads one file: a Larder CSV (by its name, `.csv` or `.csv.gz`) or JSON feed, a hotprices-au
 * canonical file, or an Aldi product search (by its content). Never rejects: what cannot be read
 * is an error naming the file.
 */
async function readImportFile(
  file: ImportFile,
  options: PrepareOptions = {},
): Promise<{ format: ImportFileFormat | null; feed: FeedRead }> {
  const name = typeof file?.name === 'string' ? file.name : 'file';
  let bytes = file?.bytes;
  if (!(bytes instanceof Uint8Array)) return unreadable(name, 'has no content');
  const opts = typeof options === 'object' && options !== null ? options : {};
  const read = { today: opts.today };
  const asOf = typeof opts.asOf === 'string' ? opts.asOf : undefined;
  try {
    if (isGzip(bytes)) bytes = await gunzip(bytes);
  } catch (error) {
    return unreadable(name, `is not a readable gzip file (${(error as Error)?.message ?? error})`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  } catch (error) {
    return unreadable(name, `cannot be read as text (${(error as Error)?.message ?? error})`);
  }
  const base = name.replace(/\.gz$/i, '');
  if (/\.csv$/i.test(base)) return { format: 'larder-csv', feed: readFeedCsv(name, text, read) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return unreadable(name, `is neither CSV (by its name) nor JSON (${(error as Error).message})`);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'format' in value)
    return { format: 'larder-json', feed: readFeedJson(name, value, read) };
  const first = Array.isArray(value) ? (value[0] as Record<string, unknown> | undefined) : undefined;
  if (first && typeof first === 'object' && 'priceHistory' in first)
    return {
      format: 'hotprices-au',
      feed: readHotprices(name, value, { ...read, ...(asOf ? { asOf } : {}) }),
    };
  const looksAldi =
    (typeof value === 'object' && value !== null && 'data' in value) ||
    (first && typeof first === 'object' && ('sellingSize' in first || 'data' in first));
  if (looksAldi) {
    const date =
      (typeof opts.date === 'string' ? opts.date : undefined) ?? /(\d{4}-\d{2}-\d{2})/.exec(base)?.[1];
    return {
      format: 'aldi-search',
      feed: readAldiSearch(name, value, { ...read, ...(date ? { date } : {}) }),
    };
  }
  if (Array.isArray(value) && value.length === 0)
    return { format: 'hotprices-au', feed: readHotprices(name, value, read) };
  return unreadable(
    name,
    'is not a format this import reads: a Larder feed (CSV, or JSON with "format": "larder-price-feed"), a hotprices-au canonical file, or an Aldi product search',
  );
}

/**
 * Reads and checks every file of one import; nothing is sent anywhere. The checksum is SHA-256
 * of the files' own SHA-256s (hex, sorted, one a line) followed by `date=` and `asOf=` lines,
 * so the same files dated the same way are the same import whatever their names or order.
 * Never rejects.
 */
export async function prepareImport(
  files: readonly ImportFile[],
  options: PrepareOptions = {},
): Promise<PreparedImport> {
  const list = Array.isArray(files) ? files : [];
  const given = (typeof options === 'object' && options !== null ? options : {}) as Record<string, unknown>;
  const day = (key: string): string | undefined => (typeof given[key] === 'string' ? given[key] : undefined);
  const opts: PrepareOptions = { today: day('today'), date: day('date'), asOf: day('asOf') };
  const formats = new Set<ImportFileFormat>();
  const parts: FeedRead[] = [];
  const hashes: string[] = [];
  for (const file of list) {
    const { format, feed } = await readImportFile(file, opts);
    if (format) formats.add(format);
    parts.push(feed);
    hashes.push(await sha256(file?.bytes instanceof Uint8Array ? file.bytes : new Uint8Array()));
  }
  const combined = combineFeeds(parts);
  const rowsRead = parts.reduce(
    (n, p) => n + p.products.length + p.prices.length + p.ingredient_products.length,
    0,
  );
  const priceRows = parts.reduce((n, p) => n + p.prices.length, 0);
  const stamp = `${hashes.sort().join('\n')}\ndate=${opts.date ?? ''}\nasOf=${opts.asOf ?? ''}`;
  return {
    files: list.map((f) => (typeof f?.name === 'string' ? f.name : 'file')),
    formats: [...formats].sort(),
    checksum: await sha256(new TextEncoder().encode(stamp)),
    rows: {
      products: combined.products,
      prices: combined.prices,
      ingredient_products: combined.ingredient_products,
    },
    spans: collapsePrices(combined.prices),
    rowsRead,
    priceRows,
    errors: combined.errors,
  };
}
