import { z } from 'zod';
import { readCaller } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { serviceClient } from '../_shared/clients.ts';
import { describeFeedErrors, describeOutcome, type ImportFile, prepareImport } from '../_shared/domain.ts';
import { HttpError, json } from '../_shared/http.ts';
import { applyImport, ImportError } from '../_shared/price-import.ts';
import { type FeedDrop, fileAway, readObject, waitingDrops } from './feeds.ts';

/** How long a folder must be left alone before it is read: its files are uploaded one by one. */
const DEFAULT_SETTLE_SECONDS = 120;
/**
 * No new import starts after this much of a run: hosted functions stop at 150 s (free plan);
 * what is left waits for the next run.
 */
const BUDGET_MS = 100_000;
/** price_imports.imported_by of a scheduled import. */
const IMPORTED_BY = 'import-prices';

const Body = z.strictObject({
  settle_seconds: z.int().min(0).max(86_400).optional(),
});

/** What became of one drop. */
interface DropResult {
  name: string;
  files: string[];
  status: 'applied' | 'already-imported' | 'failed';
  import_id: number | null;
  /** One line: what the import changed, or why it failed. */
  message: string;
  /** Every error of a failed import (file, line, field), at most 50 and a count of the rest. */
  errors: string[];
  moved_to: string;
}

/** `2026-11-25T04-23-38-123Z`: a sortable folder name that no two runs share. */
const stampOf = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

async function importDrop(
  client: ReturnType<typeof serviceClient>,
  drop: FeedDrop,
  stamp: string,
): Promise<DropResult> {
  const result = { name: drop.name, files: drop.paths, import_id: null, errors: [] as string[] };
  let outcome: Awaited<ReturnType<typeof applyImport>>;
  try {
    const files: ImportFile[] = [];
    for (const path of drop.paths) files.push({ name: path, bytes: await readObject(client, path) });
    outcome = await applyImport(client, await prepareImport(files), { importedBy: IMPORTED_BY });
  } catch (error) {
    const refused = error instanceof ImportError;
    const errors = refused ? describeFeedErrors(error.errors) : [];
    const message = `nothing imported: ${refused ? error.message : String((error as Error)?.message ?? error)}`;
    const moved_to = await fileAway(client, drop, 'failed', stamp, [...errors, message]);
    return { ...result, status: 'failed', message, errors, moved_to };
  }
  const moved_to = await fileAway(client, drop, 'done', stamp);
  const id = outcome.status === 'applied' ? outcome.log.id : outcome.previous.id;
  return { ...result, status: outcome.status, import_id: id, message: describeOutcome(outcome), moved_to };
}

/**
 * POST import-prices `{settle_seconds?}` → 200 `{imports: [...], settling: [...], left: n}`
 * (docs/price-feed.md "Scheduled imports"): imports every feed waiting in the `price-feeds`
 * bucket through the same code as `npm run prices:import`, each drop on its own, all or nothing,
 * and moves it under `done/<time>/`, or under `failed/<time>/` with `<name>.errors.txt`.
 *
 * Only the scheduler may call it (the service role, as for cleanup-meals); everyone else gets a
 * 403. The bucket is read and the import applied with the function's own service-role key.
 */
export async function importPrices(req: Request): Promise<Response> {
  if (readCaller(req).role !== 'service_role') {
    throw new HttpError(403, 'Only the scheduler (the service role) may import price feeds.');
  }
  const body = await readJson(req, Body);
  const started = Date.now();
  const client = serviceClient();
  const settleMs = (body.settle_seconds ?? DEFAULT_SETTLE_SECONDS) * 1000;
  const { ready, settling } = await waitingDrops(client, settleMs, started);
  const stamp = stampOf(new Date(started));
  const imports: DropResult[] = [];
  for (const drop of ready) {
    if (Date.now() - started > BUDGET_MS) break;
    imports.push(await importDrop(client, drop, stamp));
  }
  return json(200, { imports, settling, left: ready.length - imports.length });
}
