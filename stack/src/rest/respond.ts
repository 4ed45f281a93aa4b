import type { Queryable } from '../db/index.ts';
import { singularityError } from './errors.ts';
import { type MediaChoice, type PlanChoice, planContentType } from './prefer.ts';

/** What a handler produces; index.ts writes it. */
export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** PostgREST's contentRangeH: `lower-upper/total`, `*` when empty or out of range. */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** PostgREST's rangeStatusHeader for reads. */
export function rangeStatus(lower: number, rows: number, total: number | undefined): number {
  if (total === undefined) return 200;
  const upper = lower + rows - 1;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

/** The Content-Type of a negotiated body (MediaType.hs toContentType). */
export function contentType(media: MediaChoice): string {
  if (media.csv) return CSV_TYPE;
  if (media.single) {
    return media.stripNulls ? 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8' : OBJECT_TYPE;
  }
  return media.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : JSON_TYPE;
}

/** What a function returns, for how its rows become the body (SqlFragment.hs asJsonF). */
export type ResultShape = 'rows' | 'scalar' | 'setof-scalar' | 'single-composite';

/**
 * The response body built in SQL from the rows of `_src` (aliased `_r`), as PostgREST's media
 * handlers build it: `json_agg` of the rows themselves (PostgreSQL separates them with ", \n "),
 * `json_strip_nulls` around it for nulls=stripped, the first element for a single object, and
 * for CSV the first row's keys, then each row's record text without its parentheses.
 */
function bodySql(media: MediaChoice, shape: ResultShape): string {
  if (media.csv && (shape === 'rows' || shape === 'single-composite')) {
    const header = `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM _src AS hh LIMIT 1) s) a)`;
    return `${header} || E'\\n' || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n'), '')`;
  }
  const strip = (sql: string) => (media.stripNulls ? `json_strip_nulls(${sql})` : sql);
  const value = shape === 'scalar' || shape === 'setof-scalar' ? '_r.pgrst_scalar' : '_r';
  if (media.single || shape === 'scalar' || shape === 'single-composite') {
    return `coalesce(${strip(`json_agg(${value})->0`)}, 'null')`;
  }
  return `coalesce(${strip(`json_agg(${value})`)}, '[]')`;
}

/**
 * The largest response body one request may build (bytes). Far above any page of `max_rows`
 * rows; it only stops a runaway response before it reaches the stack's memory.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** A response body built in SQL, refused (54000) when over MAX_RESPONSE_BYTES. */
export const cappedSql = (text: string): string => `_stack.within_size(${text}, ${MAX_RESPONSE_BYTES})`;

/**
 * The statement that turns the rows of `inner` into the body and its row count `n`
 * (Statements.hs prepareRead/prepareCall/prepareWrite): `WITH [ctes,] _src AS (inner) …`.
 */
export function aggregateSql(
  inner: string,
  media: MediaChoice,
  opts: { extra?: string; ctes?: string; shape?: ResultShape } = {},
): string {
  const body = cappedSql(`(${bodySql(media, opts.shape ?? 'rows')})::text`);
  const ctes = opts.ctes ? `${opts.ctes}, ` : '';
  return `WITH ${ctes}_src AS (${inner}) SELECT ${body} AS body, count(*)::int AS n${opts.extra ?? ''} FROM _src AS _r`;
}

export interface AggregateRow {
  body: string;
  n: number;
  [extra: string]: unknown;
}

/** EXPLAIN of the statement, answered as PostgREST answers `Accept: application/vnd.pgrst.plan`. */
export async function explain(
  tx: Queryable,
  plan: PlanChoice,
  sql: string,
  params: unknown[],
): Promise<Outcome> {
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())];
  const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (${options.join(', ')}) ${sql}`, params);
  const lines = rows.map((r) => {
    const v = Object.values(r)[0];
    return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  });
  return {
    status: 200,
    headers: { 'Content-Type': planContentType(plan) },
    body: lines.map((l) => `${l}\n`).join(''),
  };
}

/** PGRST116 when a single object was asked for and the rows are not exactly one. */
export function checkSingular(media: MediaChoice, rows: number): void {
  if (media.single && rows !== 1) throw singularityError(rows);
}
