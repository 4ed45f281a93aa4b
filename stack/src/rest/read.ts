import type { Queryable } from '../db/index.ts';
import { Params, Planner, qualified, type ReadNode, rootSelectSql } from './build.ts';
import { RestError } from './errors.ts';
import { parseSelect } from './grammar.ts';
import { applyMaxRows, applyQueryParams, applyRangeHeader } from './params.ts';
import type { MediaChoice, Preferences } from './prefer.ts';
import { contentRange, type Outcome, preferenceApplied, rangeStatus, shapeBody } from './respond.ts';
import type { SchemaCache, Table } from './schema.ts';

export interface ReadRequest {
  schema: SchemaCache;
  table: Table;
  search: URLSearchParams;
  range: string | undefined;
  prefs: Preferences;
  media: MediaChoice;
  head: boolean;
  maxRows?: number | undefined;
}

/** Plans a read: the node tree with every query parameter attached. */
export function planRead(
  schema: SchemaCache,
  table: Table,
  search: URLSearchParams,
  skip?: Set<string>,
): {
  planner: Planner;
  root: ReadNode;
} {
  const planner = new Planner(schema);
  const root = planner.node(table, parseSelect(search.get('select') ?? '*'), table.name);
  applyQueryParams(root, search, skip);
  return { planner, root };
}

/**
 * The largest response body one request may build (bytes). Far above any page of `max_rows`
 * rows; it only stops a runaway response before it reaches the stack's memory.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** A response body built in SQL, refused (54000) when over MAX_RESPONSE_BYTES. */
export const cappedSql = (text: string): string => `_stack.within_size(${text}, ${MAX_RESPONSE_BYTES})`;

/** The aggregate that turns rows into the response body, inside SQL (as PostgREST does). */
export function aggregateSql(inner: string, media: MediaChoice, extra = ''): string {
  const row = media.stripNulls ? 'json_strip_nulls(row_to_json(_r))' : 'row_to_json(_r)';
  const one = media.single ? `, ${cappedSql(`(json_agg(${row})->0)::text`)} AS one` : ', NULL::text AS one';
  return `SELECT ${cappedSql(`coalesce(json_agg(${row}), '[]'::json)::text`)} AS body, count(*)::int AS n${one}${extra} FROM (${inner}) _r`;
}

export async function plannedCount(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

export async function runRead(tx: Queryable, r: ReadRequest): Promise<Outcome> {
  const { planner, root } = planRead(r.schema, r.table, r.search);
  applyRangeHeader(root, r.range);
  applyMaxRows(root, r.maxRows);
  const params = new Params();
  const { sql, where } = rootSelectSql(root, qualified(r.table.name), params, planner);
  const countFrom = `FROM ${qualified(r.table.name)} AS ${root.alias}${where}`;
  const exact = r.prefs.count === 'exact' || r.prefs.count === 'estimated';
  const extra = exact ? `, (SELECT count(*) ${countFrom})::int AS total` : '';
  const { rows } = await tx.query<{ body: string; n: number; one: string | null; total?: number }>(
    aggregateSql(sql, r.media, extra),
    params.values,
  );
  const result = rows[0]!;
  let total: number | undefined = exact ? Number(result.total) : undefined;
  // estimated: the exact count up to max_rows, the planner's estimate beyond (PostgREST's count=estimated).
  const estimateInstead =
    r.prefs.count === 'estimated' && r.maxRows !== undefined && (total ?? 0) > r.maxRows;
  if (r.prefs.count === 'planned' || estimateInstead) {
    // A statement of its own needs its own parameters: every one of them must be referenced.
    const p2 = new Params();
    const all = rootSelectSql(root, qualified(r.table.name), p2, planner, { order: false, limit: false });
    total = await plannedCount(tx, `SELECT 1 FROM (${all.sql}) _c`, p2.values);
  }
  const lower = root.offset ?? 0;
  const status = rangeStatus(lower, result.n, total);
  const headers: Record<string, string> = {
    'Content-Range': contentRange(lower, lower + result.n - 1, total),
    ...preferenceApplied(r.prefs, ['count']),
  };
  if (status === 416) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total} rows.`,
      null,
      headers,
    );
  }
  const { body, type } = shapeBody(result.body, result.n, result.one, r.media);
  headers['Content-Type'] = type;
  return r.head ? { status, headers } : { status, headers, body };
}
