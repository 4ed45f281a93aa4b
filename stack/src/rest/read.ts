import type { Queryable } from '../db/index.ts';
import { countFromSql, Params, Planner, type ReadNode, rootSelectSql, tableSql } from './build.ts';
import { RestError } from './errors.ts';
import { parseSelect } from './grammar.ts';
import { applyMaxRows, applyQueryParams, resolveTopRange } from './params.ts';
import { type MediaChoice, type Preferences, preferenceApplied } from './prefer.ts';
import {
  type AggregateRow,
  aggregateSql,
  checkSingular,
  contentRange,
  contentType,
  explain,
  type Outcome,
  rangeStatus,
} from './respond.ts';
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
  aggregates?: boolean;
  /** Headers every successful response of the request carries (Content-Profile). */
  profile?: Record<string, string>;
}

/** Plans a read: the node tree with every query parameter attached. */
export function planRead(
  schema: SchemaCache,
  table: Table,
  search: URLSearchParams,
  options: { skip?: Set<string>; aggregates?: boolean; rowExpr?: (alias: string) => string } = {},
): {
  planner: Planner;
  root: ReadNode;
} {
  const planner = new Planner(schema, { aggregates: options.aggregates ?? false });
  const root = planner.root(table, parseSelect(search.get('select') ?? '*'), options.rowExpr);
  applyQueryParams(root, search, options.skip);
  return { planner, root };
}

export async function plannedCount(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** GET/HEAD of a table or view (Query.hs actionQuery for WrappedReadPlan). */
export async function runRead(tx: Queryable, r: ReadRequest): Promise<Outcome> {
  const { planner, root } = planRead(r.schema, r.table, r.search, { aggregates: r.aggregates ?? false });
  resolveTopRange(root, r.range);
  applyMaxRows(root, r.maxRows);
  const params = new Params();
  const from = tableSql(r.table);
  const { sql } = rootSelectSql(root, from, params, planner);
  const exact = r.prefs.count === 'exact' || r.prefs.count === 'estimated';
  const extra = exact
    ? `, (SELECT count(*) FROM (SELECT 1 ${countFromSql(root, from, params, planner)}) _c)::int AS total`
    : '';
  const statement = aggregateSql(sql, r.media, { extra });
  if (r.media.plan) return explain(tx, r.media.plan, statement, params.values);
  const { rows } = await tx.query<AggregateRow & { total?: number }>(statement, params.values);
  const result = rows[0]!;
  checkSingular(r.media, result.n);
  let total: number | undefined = exact ? Number(result.total) : undefined;
  // estimated: the exact count up to max_rows, the planner's estimate beyond (PostgREST's count=estimated).
  const estimateInstead =
    r.prefs.count === 'estimated' && r.maxRows !== undefined && (total ?? 0) > r.maxRows;
  if (r.prefs.count === 'planned' || estimateInstead) {
    // A statement of its own needs its own parameters: every one of them must be referenced.
    const p2 = new Params();
    const estimate = await plannedCount(tx, `SELECT 1 ${countFromSql(root, from, p2, planner)}`, p2.values);
    total = estimateInstead ? Math.max(total ?? 0, estimate) : estimate;
  }
  const lower = root.offset ?? 0;
  const status = rangeStatus(lower, result.n, total);
  const headers: Record<string, string> = {
    'Content-Range': contentRange(lower, lower + result.n - 1, total),
    ...preferenceApplied(r.prefs, ['count', 'tx', 'handling']),
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
  headers['Content-Type'] = contentType(r.media);
  Object.assign(headers, r.profile);
  return r.head ? { status, headers } : { status, headers, body: result.body };
}
