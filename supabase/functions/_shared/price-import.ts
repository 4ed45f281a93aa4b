/**
 * Applying a checked price import through the Data API as the service role (docs/price-feed.md
 * "What an import does", steps 2–5): the one home of that path, used by the `import-prices`
 * function (Deno) and by `npm run prices:import` and its tests (Node). The rows are staged in
 * chunks under the 1 MiB request limit (public.stage_price_rows) and applied in one transaction
 * (public.apply_price_import); anything that fails discards the batch, so nothing of it stays.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';
import {
  type FeedError,
  type FeedKind,
  type FeedMapping,
  feedError,
  groupDigits,
  type ImportOutcome,
  indexIngredients,
  matchProductsByName,
  type PreparedImport,
  type PriceImportLog,
  type Sourced,
  type StageChunk,
  stageChunks,
} from './domain.ts';

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

type Client = SupabaseClient<Database>;

async function checkIngredients(client: Client, prepared: PreparedImport): Promise<FeedError[]> {
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

/** Rows the Data API answers at most at once (hosted Supabase's default max rows). */
const PAGE_ROWS = 1000;

/** Every row a query gives, a page at a time. */
async function allRows<T>(
  what: string,
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await page(from, from + PAGE_ROWS - 1);
    if (error) throw new ImportError(`reading ${what} failed: ${error.message}`);
    rows.push(...(data ?? []));
    if ((data ?? []).length < PAGE_ROWS) return rows;
  }
}

/**
 * The import's products proposed for Larder's built-in ingredients by name (docs/price-feed.md
 * "What an import does", step 3): only where an ingredient has no preferred product at that chain yet, in
 * the database (a sample one does not count: real prices replace it) or in the import itself.
 */
async function matchByName(client: Client, prepared: PreparedImport): Promise<Sourced<FeedMapping>[]> {
  if (prepared.rows.products.length === 0) return [];
  const ingredients = await allRows('the ingredients', (from, to) =>
    client.from('ingredients').select('id, name').is('user_id', null).order('id').range(from, to),
  );
  const names = new Map(ingredients.map((i) => [i.id, i.name]));
  const preferred = await allRows('the ingredient matches', (from, to) =>
    client
      .from('ingredient_products')
      .select('ingredient_id, chain')
      .eq('preferred', true)
      .neq('source', 'sample')
      .order('ingredient_id')
      .order('chain')
      .range(from, to),
  );
  const taken: { ingredient: string; chain: FeedMapping['chain'] }[] = [];
  for (const p of preferred) {
    const ingredient = names.get(p.ingredient_id);
    if (ingredient !== undefined) taken.push({ ingredient, chain: p.chain as FeedMapping['chain'] });
  }
  for (const { row } of prepared.rows.ingredient_products)
    if (row.preferred) taken.push({ ingredient: row.ingredient, chain: row.chain });
  return matchProductsByName({
    products: prepared.rows.products,
    prices: prepared.spans,
    ingredients: indexIngredients(ingredients),
    taken,
  });
}

/**
 * Requests in flight at once while staging: the database stores one chunk while the next is
 * parsed and sent (on hosted Supabase each request also waits a network round trip).
 */
const STAGE_IN_FLIGHT = 3;

/**
 * Sends every chunk, STAGE_IN_FLIGHT at a time. On a failure no new chunk is sent, and it
 * resolves only once none is in flight, so discarding the batch afterwards leaves nothing behind.
 * Throws the failure of the earliest chunk that failed.
 */
async function stageAll(
  client: Client,
  staged: readonly { kind: FeedKind; chunks: readonly StageChunk[] }[],
): Promise<void> {
  const jobs = staged.flatMap(({ kind, chunks }) =>
    chunks.map((chunk, i) => ({ kind, chunk, name: `${kind} (chunk ${i + 1} of ${chunks.length})` })),
  );
  const failures: { at: number; message: string }[] = [];
  let next = 0;
  const sender = async (): Promise<void> => {
    while (failures.length === 0 && next < jobs.length) {
      const at = next++;
      const job = jobs[at] as (typeof jobs)[number];
      try {
        const { error } = await client.rpc('stage_price_rows', job.chunk as never);
        if (error) failures.push({ at, message: `staging ${job.name} failed: ${error.message}` });
      } catch (error) {
        failures.push({ at, message: `staging ${job.name} failed: ${(error as Error)?.message ?? error}` });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAGE_IN_FLIGHT, jobs.length) }, sender));
  const first = failures.sort((a, b) => a.at - b.at)[0];
  if (first) throw new ImportError(first.message);
}

/**
 * Applies a prepared import (which must have no errors) as the service role: skips it when the
 * same files were applied before (unless `force`), checks the mapped ingredients exist, stages
 * the rows in chunks and applies them in one transaction. On any failure after staging began
 * the batch is discarded, so nothing of it remains. Throws ImportError.
 */
export async function applyImport(
  client: Client,
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
    const previous = data?.[0];
    if (previous) return { status: 'already-imported', previous };
  }
  const unknown = await checkIngredients(client, prepared);
  if (unknown.length > 0) throw new ImportError('the feed names ingredients Larder does not have', unknown);
  const byName = await matchByName(client, prepared);
  if (byName.length > 0) log(`matched ${groupDigits(byName.length)} ingredient(s) to products by name`);

  const batch = crypto.randomUUID();
  const kinds: [FeedKind, readonly Sourced<object>[]][] = [
    ['products', prepared.rows.products],
    ['prices', prepared.spans],
    ['ingredient_products', [...prepared.rows.ingredient_products, ...byName]],
  ];
  const staged = kinds.map(([kind, rows]) => ({
    kind,
    rows,
    ...stageChunks(batch, kind, rows, options.chunkBytes),
  }));
  const tooBig = staged.flatMap((s) => s.errors);
  if (tooBig.length > 0) throw new ImportError('rows too large to send', tooBig);
  try {
    await stageAll(client, staged);
    for (const { kind, rows, chunks } of staged)
      if (rows.length > 0)
        log(`staged ${groupDigits(rows.length)} ${kind.replace('_', ' ')} in ${chunks.length} chunk(s)`);
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
