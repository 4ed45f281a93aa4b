/**
 * The `price-feeds` bucket as a drop box (docs/price-feed.md "Scheduled imports"): what waits in
 * it, grouped into imports, and where each goes once read. A file at the top is one import; a
 * folder at the top is one import of all its files (a Larder CSV feed's three files), taken once
 * none of them has changed for the settle time, so a folder still being uploaded is left alone.
 * `done/` and `failed/` hold what was processed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';

export const BUCKET = 'price-feeds';
const PROCESSED = new Set(['done', 'failed']);
/** What the dashboard leaves in a folder it made; never a feed. */
const PLACEHOLDER = '.emptyFolderPlaceholder';
const PAGE = 1000;

type Client = SupabaseClient<Database>;

/** One import waiting in the bucket: its top-level name and its objects' paths. */
export interface FeedDrop {
  name: string;
  paths: string[];
}

interface Listed {
  name: string;
  id: string | null;
  updated_at?: string | null;
  created_at?: string | null;
}

async function listAll(client: Client, prefix: string): Promise<Listed[]> {
  const out: Listed[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await client.storage
      .from(BUCKET)
      .list(prefix, { limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw new Error(`listing ${BUCKET}/${prefix} failed: ${error.message}`);
    out.push(...((data ?? []) as Listed[]));
    if ((data ?? []).length < PAGE) return out;
  }
}

const changedAt = (o: Listed): number => Date.parse(o.updated_at ?? o.created_at ?? '') || 0;

/**
 * The imports waiting in the bucket, in name order, and the folders not settled yet (a file in
 * them changed less than `settleMs` ago). Files in folders below a top-level folder are not read.
 */
export async function waitingDrops(
  client: Client,
  settleMs: number,
  now = Date.now(),
): Promise<{ ready: FeedDrop[]; settling: string[] }> {
  const ready: FeedDrop[] = [];
  const settling: string[] = [];
  for (const entry of await listAll(client, '')) {
    if (entry.name === PLACEHOLDER) continue;
    if (entry.id !== null) {
      ready.push({ name: entry.name, paths: [entry.name] });
      continue;
    }
    if (PROCESSED.has(entry.name)) continue;
    const files = (await listAll(client, entry.name)).filter((f) => f.id !== null && f.name !== PLACEHOLDER);
    if (files.length === 0) continue;
    if (files.some((f) => now - changedAt(f) < settleMs)) settling.push(entry.name);
    else ready.push({ name: entry.name, paths: files.map((f) => `${entry.name}/${f.name}`) });
  }
  return { ready, settling };
}

/** The bytes of one object. */
export async function readObject(client: Client, path: string): Promise<Uint8Array> {
  const { data, error } = await client.storage.from(BUCKET).download(path);
  if (error || !data) throw new Error(`reading ${BUCKET}/${path} failed: ${error?.message ?? 'no data'}`);
  return new Uint8Array(await data.arrayBuffer());
}

/**
 * Moves a drop's objects under `<folder>/<stamp>/` keeping their paths, and for a failed one
 * writes `<stamp>/<name>.errors.txt` beside them. Returns the folder the objects went to.
 */
export async function fileAway(
  client: Client,
  drop: FeedDrop,
  folder: 'done' | 'failed',
  stamp: string,
  errors: readonly string[] = [],
): Promise<string> {
  const to = `${folder}/${stamp}/`;
  for (const path of drop.paths) {
    const { error } = await client.storage.from(BUCKET).move(path, `${to}${path}`);
    if (error) throw new Error(`moving ${BUCKET}/${path} to ${to} failed: ${error.message}`);
  }
  if (errors.length > 0) {
    const { error } = await client.storage
      .from(BUCKET)
      .upload(`${to}${drop.name}.errors.txt`, new Blob([`${errors.join('\n')}\n`], { type: 'text/plain' }), {
        contentType: 'text/plain; charset=utf-8',
        upsert: true,
      });
    if (error) throw new Error(`writing ${to}${drop.name}.errors.txt failed: ${error.message}`);
  }
  return to;
}
