import type { Queryable } from '../db/index.ts';
import { ident, Params, rootSelectSql, rowOf, tableSql, whereSql } from './build.ts';
import { columnNotFound, RestError } from './errors.ts';
import { parseColumns } from './grammar.ts';
import { type MediaChoice, type Preferences, preferenceApplied } from './prefer.ts';
import { planRead } from './read.ts';
import {
  type AggregateRow,
  aggregateSql,
  checkSingular,
  contentRange,
  contentType,
  explain,
  type Outcome,
} from './respond.ts';
import type { SchemaCache, Table } from './schema.ts';

export interface MutateRequest {
  schema: SchemaCache;
  table: Table;
  search: URLSearchParams;
  prefs: Preferences;
  media: MediaChoice;
  body: unknown;
  /** The body as sent; values reach SQL from this text, never from `body`'s JS numbers. */
  raw: string;
  aggregates?: boolean;
  /** Headers a response with a body carries (Content-Profile). */
  profile?: Record<string, string>;
}

const invalidBody = (message: string): RestError => new RestError(400, 'PGRST102', message);

/** The columns a payload writes: `columns=` if given, else the payload's keys (all objects alike). */
function payloadColumns(table: Table, search: URLSearchParams, rows: Record<string, unknown>[]): string[] {
  const param = search.get('columns');
  let columns: string[];
  if (param) {
    columns = parseColumns(param, 'columns parameter');
  } else {
    columns = rows.length > 0 ? Object.keys(rows[0]!) : [];
    const key = [...columns].sort().join('\u0000');
    if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== key))
      throw invalidBody('All object keys must match');
  }
  for (const c of columns) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  return [...new Set(columns)];
}

function asRows(body: unknown, allowArray: boolean): Record<string, unknown>[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(body) && allowArray) {
    if (!body.every(isObject)) throw invalidBody('All object keys must match');
    return body;
  }
  if (isObject(body)) return [body];
  throw invalidBody('Empty or invalid json');
}

/**
 * The payload's rows as a record set of the table's type. With `Prefer: missing=default` each
 * object is first merged over the defaults of the written columns, as PostgREST's fromJsonBodyF
 * does (`jsonb_build_object('col', <default>, …) || elem`), so absent keys take the default and
 * keys present (even as null) keep their value.
 */
function recordsSql(table: Table, columns: string[], bodyParam: string, missingDefault: boolean): string {
  const target = tableSql(table);
  if (!missingDefault) return `json_populate_recordset(NULL::${target}, ${bodyParam}::json)`;
  const defaults = columns
    .map((c) => table.columns.get(c)!)
    .filter((c) => c.default !== null)
    .map((c) => `${quoteLiteral(c.name)}, ${c.default}`);
  const defs = `jsonb_build_object(${defaults.join(', ')})`;
  return `jsonb_populate_recordset(NULL::${target}, (SELECT jsonb_agg(${defs} || _elem) FROM jsonb_array_elements(${bodyParam}::jsonb) AS _elem))`;
}

const quoteLiteral = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/** PostgREST's addConfigPgrstInserted: counts inserted rows in `pgrst.inserted` (+1 each, -1 per update). */
const countInserted = (add: boolean): string =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;

/**
 * Runs a write. With return=representation (or headers-only) its rows, shaped by `select` and
 * `order`, come back from `WITH _m AS (<dml> RETURNING …)`; otherwise `RETURNING 1` only counts
 * them, so a caller allowed to write but not to read the rows still succeeds (PostgREST's
 * returningF).
 */
async function write(
  tx: Queryable,
  req: MutateRequest,
  dml: string,
  params: Params,
  wantsRows: boolean,
  /** What `RETURNING` names the written rows by: the table, or its alias in the statement. */
  rowsOf: string,
): Promise<{ result: AggregateRow & { loc?: string | null }; plan?: Outcome }> {
  if (!wantsRows) {
    const statement = `WITH _m AS (${dml} RETURNING 1) SELECT ''::text AS body, count(*)::int AS n FROM _m`;
    if (req.media.plan)
      return {
        result: { body: '', n: 0 },
        plan: await explain(tx, req.media.plan, statement, params.values),
      };
    const { rows } = await tx.query<AggregateRow>(statement, params.values);
    return { result: rows[0]! };
  }
  const { planner, root } = planRead(req.schema, req.table, selectOnly(req.search), {
    aggregates: req.aggregates ?? false,
    rowExpr: (alias) => rowOf(req.table, alias),
  });
  const { sql } = rootSelectSql(root, '_m', params, planner, { where: false, limit: false });
  const pk = req.table.pk;
  const loc =
    pk.length > 0 && req.prefs.return === 'headers-only'
      ? `, (SELECT row_to_json(_l)::text FROM (SELECT ${pk.map(ident).join(', ')} FROM _m LIMIT 1) _l) AS loc`
      : '';
  const statement = aggregateSql(sql, req.media, {
    ctes: `_m AS (${dml} RETURNING ${rowsOf}.*)`,
    extra: loc,
  });
  if (req.media.plan)
    return { result: { body: '', n: 0 }, plan: await explain(tx, req.media.plan, statement, params.values) };
  const { rows } = await tx.query<AggregateRow & { loc?: string | null }>(statement, params.values);
  return { result: rows[0]! };
}

/** Only `select` and `order` shape the returned rows of a mutation; filters chose the rows. */
function selectOnly(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const select = search.get('select');
  if (select !== null) out.set('select', select);
  for (const [k, v] of search) if (k === 'order' || k.endsWith('.order')) out.append(k, v);
  return out;
}

function withBody(
  req: MutateRequest,
  status: number,
  headers: Record<string, string>,
  body: string,
): Outcome {
  return { status, headers: { ...headers, 'Content-Type': contentType(req.media), ...req.profile }, body };
}

/** POST: insert, or upsert with `Prefer: resolution=…` (Response.hs MutationCreate). */
export async function runInsert(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const rows = asRows(req.body, true);
  const columns = payloadColumns(req.table, req.search, rows);
  const params = new Params();
  const target = tableSql(req.table);
  const bodyParam = params.add(Array.isArray(req.body) ? req.raw : `[${req.raw}]`);
  const merge = req.prefs.resolution === 'merge-duplicates';
  const onConflictParam = req.search.get('on_conflict');
  const conflict = onConflictParam ? parseColumns(onConflictParam, 'on_conflict parameter') : req.table.pk;
  for (const c of conflict) if (!req.table.columns.has(c)) throw columnNotFound(req.table.name, c);
  const upsert = req.prefs.resolution !== undefined && conflict.length > 0;
  const tracked = upsert && merge;
  let insert =
    columns.length === 0
      ? `INSERT INTO ${target} SELECT FROM json_array_elements(${bodyParam}::json)`
      : `INSERT INTO ${target} (${columns.map(ident).join(', ')}) SELECT ${columns.map((c) => `_p.${ident(c)}`).join(', ')} FROM ${recordsSql(req.table, columns, bodyParam, req.prefs.missing === 'default')} AS _p`;
  if (tracked) insert += ` WHERE ${countInserted(true)}`;
  if (upsert) {
    const on = ` ON CONFLICT (${conflict.map(ident).join(', ')})`;
    insert +=
      !merge || columns.length === 0
        ? `${on} DO NOTHING`
        : `${on} DO UPDATE SET ${columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')} WHERE ${countInserted(false)}`;
  }
  const applied = preferenceApplied(req.prefs, [
    ...(req.table.pk.length > 0 || onConflictParam ? (['resolution'] as const) : []),
    'missing',
    'return',
    'count',
    'tx',
    'handling',
  ]);
  const wantsRows = req.prefs.return === 'representation' || req.prefs.return === 'headers-only';
  const { result, plan } = await write(tx, req, insert, params, wantsRows, target);
  if (plan) return plan;
  checkSingular(req.media, result.n);
  let inserted: number | undefined;
  if (tracked) {
    const { rows: r } = await tx.query<{ n: number | null }>(
      `select nullif(current_setting('pgrst.inserted', true), '')::int as n`,
    );
    inserted = Number(r[0]?.n ?? 0);
  }
  const headers: Record<string, string> = {};
  if (req.prefs.return === 'headers-only' && result.loc && result.n === 1) {
    const pk = JSON.parse(result.loc) as Record<string, unknown>;
    const query = Object.entries(pk)
      .map(
        ([k, v]) =>
          `${encodeURIComponent(k)}=${v === null ? 'is.null' : `eq.${encodeURIComponent(String(v))}`}`,
      )
      .join('&');
    headers.Location = `/${req.table.name}?${query}`;
  }
  headers['Content-Range'] = contentRange(1, 0, req.prefs.count ? result.n : undefined);
  Object.assign(headers, applied);
  const status = merge && inserted !== undefined && inserted <= 0 ? 200 : 201;
  if (req.prefs.return === 'representation') return withBody(req, status, headers, result.body);
  return { status, headers };
}

/** PATCH (Response.hs MutationUpdate). */
export async function runUpdate(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const [row] = asRows(req.body, false);
  const columns = payloadColumns(req.table, req.search, [row!]);
  const { planner, root } = planRead(req.schema, req.table, filtersOnly(req.search), {
    aggregates: req.aggregates ?? false,
  });
  const params = new Params();
  const target = tableSql(req.table);
  const applied = preferenceApplied(req.prefs, [
    'missing',
    'return',
    'count',
    'tx',
    'handling',
    'maxAffected',
  ]);
  const wantsRows = req.prefs.return === 'representation';
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers as if no row matched.
    checkSingular(req.media, 0);
    const headers = { 'Content-Range': contentRange(0, -1, req.prefs.count ? 0 : undefined), ...applied };
    return wantsRows ? withBody(req, 200, headers, '[]') : { status: 204, headers };
  }
  const bodyParam = params.add(`[${req.raw}]`);
  const conds = whereSql(root, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const sets = columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ');
  const records = recordsSql(req.table, columns, bodyParam, req.prefs.missing === 'default');
  const update = `UPDATE ${target} AS ${root.alias} SET ${sets} FROM (SELECT * FROM ${records} LIMIT 1) AS _p${where}`;
  const { result, plan } = await write(tx, req, update, params, wantsRows, root.alias);
  if (plan) return plan;
  checkSingular(req.media, result.n);
  checkMaxAffected(req.prefs, result.n);
  const headers = {
    'Content-Range': contentRange(0, result.n - 1, req.prefs.count ? result.n : undefined),
    ...applied,
  };
  return wantsRows ? withBody(req, 200, headers, result.body) : { status: 204, headers };
}

/** DELETE (Response.hs MutationDelete). */
export async function runDelete(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const { planner, root } = planRead(req.schema, req.table, filtersOnly(req.search), {
    aggregates: req.aggregates ?? false,
  });
  const params = new Params();
  const conds = whereSql(root, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const del = `DELETE FROM ${tableSql(req.table)} AS ${root.alias}${where}`;
  const applied = preferenceApplied(req.prefs, ['return', 'count', 'tx', 'handling', 'maxAffected']);
  const wantsRows = req.prefs.return === 'representation';
  const { result, plan } = await write(tx, req, del, params, wantsRows, root.alias);
  if (plan) return plan;
  checkSingular(req.media, result.n);
  checkMaxAffected(req.prefs, result.n);
  const headers = { 'Content-Range': contentRange(1, 0, req.prefs.count ? result.n : undefined), ...applied };
  return wantsRows ? withBody(req, 200, headers, result.body) : { status: 204, headers };
}

/** The filters of a PATCH/DELETE, without `select` (whose embeds only shape the returned rows). */
function filtersOnly(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of search) {
    if (k === 'select' || k === 'columns' || k === 'on_conflict' || k === 'order' || k.includes('.'))
      continue;
    if (k === 'limit' || k === 'offset') continue;
    out.append(k, v);
  }
  return out;
}

/** Prefer: handling=strict, max-affected=n: more rows fail and roll back (Query.hs failExceedsMaxAffectedPref). */
export function checkMaxAffected(prefs: Preferences, n: number): void {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined) return;
  if (n > prefs.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
}

/**
 * PUT: a single-row upsert addressed by its primary key (PostgREST "Upsert" with PUT): the
 * filters must be exactly the key columns with `eq` (405 PGRST105), the payload must carry the
 * same key values (400 PGRST115), and limit/offset are refused (400 PGRST114).
 */
export async function runPut(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const pk = req.table.pk;
  const filters = new Map<string, string>();
  let onlyEq = true;
  for (const [k, v] of req.search) {
    if (k === 'select' || k === 'columns' || k === 'on_conflict') continue;
    if (k === 'limit' || k === 'offset') {
      throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
    }
    if (!v.startsWith('eq.') || filters.has(k)) onlyEq = false;
    filters.set(k, v.slice(3));
  }
  const keysOk = onlyEq && pk.length > 0 && filters.size === pk.length && pk.every((c) => filters.has(c));
  if (!keysOk) {
    throw new RestError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  }
  if (Array.isArray(req.body) && req.body.length !== 1) throw invalidBody('Empty or invalid json');
  const [row] = asRows(req.body, true);
  if (!row) throw invalidBody('Empty or invalid json');
  if (!pk.every((c) => row[c] !== undefined && String(row[c]) === filters.get(c))) {
    throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  const search = new URLSearchParams();
  const select = req.search.get('select');
  if (select !== null) search.set('select', select);
  const out = await runInsert(tx, {
    ...req,
    body: [row],
    raw: Array.isArray(req.body) ? req.raw : `[${req.raw}]`,
    search,
    prefs: { ...req.prefs, resolution: 'merge-duplicates', missing: undefined },
  });
  const applied = preferenceApplied(req.prefs, ['return', 'count', 'tx', 'handling']);
  // PostgREST answers a PUT without representation with 204, with it 200 (updated) or 201 (inserted).
  if (req.prefs.return !== 'representation') return { status: 204, headers: applied };
  return { ...out, headers: { ...applied, 'Content-Type': out.headers['Content-Type']!, ...req.profile } };
}
