/**
 * The price import (issue 18, `npm run prices:import`): reads feed files from disk, checks every
 * row, and applies them through the Data API as the service role: staged in chunks under the
 * 1 MiB request limit (public.stage_price_rows), applied in one transaction
 * (public.apply_price_import). Used by scripts/prices-import.ts, its tests and the bench.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { readAldiSearch } from '../../shared/shelf-prices/aldi.ts';
import {
  type FeedError,
  type FeedPrice,
  type FeedRead,
  type FeedRows,
  feedError,
  groupDigits,
  type Sourced,
} from '../../shared/shelf-prices/feed.ts';
import { combineFeeds, readFeedCsv, readFeedJson } from '../../shared/shelf-prices/feed-read.ts';
import { readHotprices } from '../../shared/shelf-prices/hotprices.ts';
import { collapsePrices } from '../../shared/shelf-prices/spans.ts';

/**
 * A service-role supabase-js client for the import: no session kept, and `ws` for Realtime,
 * which supabase-js needs on Node 20 even though the import never subscribes.
 */
export function serviceClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

/** A file's format, as price_imports.formats records it. */
export type FileFormat = 'larder-csv' | 'larder-json' | 'hotprices-au' | 'aldi-search';

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
  formats: FileFormat[];
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

const isGzip = (b: Uint8Array): boolean => b[0] === 0x1f && b[1] === 0x8b;

/** Reads one file: a Larder CSV or JSON feed, a hotprices-au canonical file, or an Aldi product search. */
export function readImportFile(
  file: ImportFile,
  options: PrepareOptions = {},
): { format: FileFormat | null; feed: FeedRead } {
  const read = { today: options.today };
  let bytes = file.bytes;
  const failed = (message: string) => {
    const feed: FeedRead = { products: [], prices: [], ingredient_products: [], errors: [] };
    feed.errors.push(feedError(file.name, null, message));
    return { format: null, feed };
  };
  try {
    if (isGzip(bytes)) bytes = gunzipSync(bytes);
  } catch (error) {
    return failed(`is not a readable gzip file (${(error as Error).message})`);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const base = file.name.replace(/\.gz$/i, '');
  if (/\.csv$/i.test(base)) return { format: 'larder-csv', feed: readFeedCsv(file.name, text, read) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failed(`is neither CSV (by its name) nor JSON (${(error as Error).message})`);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'format' in value)
    return { format: 'larder-json', feed: readFeedJson(file.name, value, read) };
  const first = Array.isArray(value) ? (value[0] as Record<string, unknown> | undefined) : undefined;
  if (first && typeof first === 'object' && 'priceHistory' in first)
    return {
      format: 'hotprices-au',
      feed: readHotprices(file.name, value, { ...read, ...(options.asOf ? { asOf: options.asOf } : {}) }),
    };
  const looksAldi =
    (typeof value === 'object' && value !== null && 'data' in value) ||
    (first && typeof first === 'object' && ('sellingSize' in first || 'data' in first));
  if (looksAldi) {
    const date = options.date ?? /(\d{4}-\d{2}-\d{2})/.exec(base)?.[1];
    return {
      format: 'aldi-search',
      feed: readAldiSearch(file.name, value, { ...read, ...(date ? { date } : {}) }),
    };
  }
  if (Array.isArray(value) && value.length === 0)
    return { format: 'hotprices-au', feed: readHotprices(file.name, value, read) };
  return failed(
    'is not a format this import reads: a Larder feed (CSV, or JSON with "format": "larder-price-feed"), a hotprices-au canonical file, or an Aldi product search',
  );
}

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Reads and checks every file of one import; nothing is sent anywhere. */
export function prepareImport(files: readonly ImportFile[], options: PrepareOptions = {}): PreparedImport {
  const formats = new Set<FileFormat>();
  const parts: FeedRead[] = [];
  for (const file of files) {
    const { format, feed } = readImportFile(file, options);
    if (format) formats.add(format);
    parts.push(feed);
  }
  const combined = combineFeeds(parts);
  const rowsRead = parts.reduce(
    (n, p) => n + p.products.length + p.prices.length + p.ingredient_products.length,
    0,
  );
  const priceRows = parts.reduce((n, p) => n + p.prices.length, 0);
  const hashes = files.map((f) => sha256(f.bytes)).sort();
  const checksum = sha256(`${hashes.join('\n')}\ndate=${options.date ?? ''}\nasOf=${options.asOf ?? ''}`);
  return {
    files: files.map((f) => f.name),
    formats: [...formats].sort(),
    checksum,
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

/** A row of public.price_imports. */
export interface PriceImportLog {
  id: number;
  checksum: string;
  files: string[];
  formats: string[];
  rows_read: number;
  rows_added: number;
  rows_unchanged: number;
  rows_quarantined: number;
  products_added: number;
  products_updated: number;
  mappings_changed: number;
  ingredients_repriced: number;
  imported_by: string;
  imported_at: string;
}

export type ImportOutcome =
  | { status: 'applied'; log: PriceImportLog }
  | { status: 'already-imported'; previous: PriceImportLog };

/** The import was refused: its rows are wrong (`errors`), or the database said no (`message`). */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly errors: FeedError[] = [],
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ApplyOptions {
  /** Who runs the import (price_imports.imported_by). */
  importedBy: string;
  /** Apply even when a file set with this checksum was applied before. */
  force?: boolean;
  /** Largest request body; the Data API takes 1 MiB. */
  chunkBytes?: number;
  log?: (line: string) => void;
}

/** 1 MiB less room for the envelope and headers. */
export const DEFAULT_CHUNK_BYTES = 1_000_000;

/** Values a staged column may leave out: null, and each column's default. */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  store: 'online',
  in_stock: true,
  sold_loose: false,
  preferred: true,
};

/** The size of a value in a JSON body, in bytes. */
function jsonBytes(value: unknown): number {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: any byte above ASCII counts more than one.
    return /[^\x00-\x7f]/.test(text) ? Buffer.byteLength(text) : text.length;
  }
  return value === null || value === undefined ? 4 : String(value).length;
}

/** One chunk as stage_price_rows takes it: the rows column by column. */
export interface StageChunk {
  batch: string;
  kind: string;
  rows: Record<string, unknown[]>;
}

/**
 * Request bodies of at most `maxBytes`: `{"batch", "kind", "rows": {"at": […], <column>: […]}}`,
 * each row's values at the same index of every column; a column that is null or its default in
 * every row of the chunk is left out (public.stage_price_rows fills it in).
 */
export function chunkRows(
  batch: string,
  kind: string,
  rows: readonly Sourced<object>[],
  maxBytes: number,
): StageChunk[] {
  const chunks: StageChunk[] = [];
  const envelope = Buffer.byteLength(JSON.stringify({ batch, kind, rows: {} }));
  let columns: Record<string, unknown[]> = {};
  let count = 0;
  let size = envelope;
  const flush = () => {
    for (const [name, values] of Object.entries(columns))
      if (values.every((v) => v === null || v === DEFAULTS[name])) delete columns[name];
    chunks.push({ batch, kind, rows: columns });
    columns = {};
    count = 0;
    size = envelope;
  };
  for (const r of rows) {
    const values: [string, unknown][] = [['at', r.where], ...Object.entries(r.row)];
    let bytes = 0;
    for (const [name, value] of values) bytes += jsonBytes(value) + 1 + (columns[name] ? 0 : name.length + 5);
    if (count > 0 && size + bytes > maxBytes) flush();
    if (envelope + bytes > maxBytes)
      throw new ImportError(`${r.where}: the row alone is over ${maxBytes} bytes`);
    for (const [name, value] of values) {
      let column = columns[name];
      if (!column) {
        column = new Array(count).fill(null);
        columns[name] = column;
      }
      column.push(value);
    }
    for (const column of Object.values(columns)) if (column.length < count + 1) column.push(null);
    size += bytes;
    count++;
  }
  if (count > 0) flush();
  return chunks;
}

async function checkIngredients(client: SupabaseClient, prepared: PreparedImport): Promise<FeedError[]> {
  const names = [...new Set(prepared.rows.ingredient_products.map((m) => m.row.ingredient))];
  if (names.length === 0) return [];
  const known = new Set<string>();
  for (let i = 0; i < names.length; i += 100) {
    const { data, error } = await client
      .from('ingredients')
      .select('name')
      .in('name', names.slice(i, i + 100));
    if (error) throw new ImportError(`reading the ingredients failed: ${error.message}`);
    for (const row of data ?? []) known.add(row.name as string);
  }
  return prepared.rows.ingredient_products
    .filter((m) => !known.has(m.row.ingredient))
    .map((m) => feedError(m.where, 'ingredient', `'${m.row.ingredient}' is not a Larder ingredient`));
}

/**
 * Applies a prepared import (which must have no errors) as the service role: skips it when the
 * same files were applied before (unless `force`), checks the mapped ingredients exist, stages
 * the rows in chunks and applies them in one transaction. On any failure after staging began
 * the batch is discarded, so nothing of it remains. Throws ImportError.
 */
export async function applyImport(
  client: SupabaseClient,
  prepared: PreparedImport,
  options: ApplyOptions,
): Promise<ImportOutcome> {
  const log = options.log ?? (() => undefined);
  if (prepared.errors.length > 0) throw new ImportError('the feed has errors', prepared.errors);
  if (!options.force) {
    const { data, error } = await client
      .from('price_imports')
      .select('*')
      .eq('checksum', prepared.checksum)
      .order('id')
      .limit(1);
    if (error) throw new ImportError(`reading the import log failed: ${error.message}`);
    const previous = data?.[0] as PriceImportLog | undefined;
    if (previous) return { status: 'already-imported', previous };
  }
  const unknown = await checkIngredients(client, prepared);
  if (unknown.length > 0) throw new ImportError('the feed names ingredients Larder does not have', unknown);

  const batch = crypto.randomUUID();
  const maxBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const kinds: [string, readonly Sourced<object>[]][] = [
    ['products', prepared.rows.products],
    ['prices', prepared.spans],
    ['ingredient_products', prepared.rows.ingredient_products],
  ];
  try {
    for (const [kind, rows] of kinds) {
      const chunks = chunkRows(batch, kind, rows, maxBytes);
      for (const [i, chunk] of chunks.entries()) {
        const { error } = await client.rpc('stage_price_rows', chunk as never);
        if (error)
          throw new ImportError(
            `staging ${kind} (chunk ${i + 1} of ${chunks.length}) failed: ${error.message}`,
          );
      }
      if (rows.length > 0)
        log(`staged ${groupDigits(rows.length)} ${kind.replace('_', ' ')} in ${chunks.length} chunk(s)`);
    }
    const { data, error } = await client.rpc('apply_price_import', {
      p_batch: batch,
      p_checksum: prepared.checksum,
      p_files: prepared.files,
      p_formats: prepared.formats,
      p_rows_read: prepared.rowsRead,
      p_price_rows: prepared.priceRows,
      p_imported_by: options.importedBy,
    } as never);
    if (error) throw new ImportError(error.message);
    return { status: 'applied', log: data as unknown as PriceImportLog };
  } catch (error) {
    await client.rpc('discard_price_import', { p_batch: batch } as never);
    throw error instanceof ImportError ? error : new ImportError(String((error as Error)?.message ?? error));
  }
}

/** One line saying what an import changed (or that it changed nothing). */
export function describeOutcome(outcome: ImportOutcome): string {
  if (outcome.status === 'already-imported') {
    const p = outcome.previous;
    return `already imported as #${p.id} on ${p.imported_at.slice(0, 16).replace('T', ' ')} UTC by ${p.imported_by}: nothing changed (--force applies it again)`;
  }
  const l = outcome.log;
  const changed =
    l.rows_added + l.products_added + l.products_updated + l.mappings_changed + l.ingredients_repriced > 0;
  if (!changed)
    return `import #${l.id}: nothing changed: all ${groupDigits(l.rows_read)} rows were already known`;
  return [
    `import #${l.id}: ${groupDigits(l.rows_added)} prices added (${groupDigits(l.rows_quarantined)} quarantined)`,
    `${groupDigits(l.rows_unchanged)} rows unchanged`,
    `${groupDigits(l.products_added)} products added, ${groupDigits(l.products_updated)} updated`,
    `${groupDigits(l.mappings_changed)} ingredient matches changed`,
    `${groupDigits(l.ingredients_repriced)} ingredients repriced`,
  ].join(', ');
}
