import type { Queryable } from '../db/index.ts';
import { ident, Params, qualified, rootSelectSql, whereSql } from './build.ts';
import { columnNotFound, RestError, singularityError } from './errors.ts';
import { parseColumns } from './grammar.ts';
import type { MediaChoice, Preferences } from './prefer.ts';
import { aggregateSql, planRead } from './read.ts';
import { contentRange, type Outcome, preferenceApplied, shapeBody } from './respond.ts';
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

interface MutationResult {
  body: string;
  n: number;
  one: string | null;
  inserted: number;
  loc: string | null;
}

/** Runs `WITH _m AS (<dml> RETURNING …)` and shapes the returned rows like a read. */
async function returning(
  tx: Queryable,
  req: MutateRequest,
  dml: string,
  params: Params,
  withInserted: boolean,
): Promise<MutationResult> {
  const { planner, root } = planRead(req.schema, req.table, selectOnly(req.search));
  const { sql } = rootSelectSql(root, '_m', params, planner, { where: false, limit: false });
  const pk = req.table.pk;
  const extras = [
    withInserted ? `(SELECT count(*) FROM _m WHERE "__pgrst_inserted")::int AS inserted` : '0 AS inserted',
    pk.length > 0 && req.prefs.return === 'headers-only'
      ? `(SELECT row_to_json(_l)::text FROM (SELECT ${pk.map(ident).join(', ')} FROM _m LIMIT 1) _l) AS loc`
      : 'NULL::text AS loc',
  ];
  const { rows } = await tx.query<MutationResult>(
    `WITH _m AS (${dml}) ${aggregateSql(sql, req.media, `, ${extras.join(', ')}`)}`,
    params.values,
  );
  return rows[0]!;
}

/** Only `select` and `order` shape the returned rows of a mutation; filters chose the rows. */
function selectOnly(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const select = search.get('select');
  if (select !== null) out.set('select', select);
  for (const [k, v] of search) if (k === 'order' || k.endsWith('.order')) out.append(k, v);
  return out;
}

function finish(
  req: MutateRequest,
  result: { body: string; n: number; one: string | null } | undefined,
  n: number,
  okStatus: number,
  headers: Record<string, string>,
): Outcome {
  if (req.media.single && n !== 1) throw singularityError(n);
  if (req.prefs.return === 'representation' && result) {
    const { body, type } = shapeBody(result.body, result.n, result.one, req.media);
    return { status: okStatus, headers: { ...headers, 'Content-Type': type }, body };
  }
  return { status: okStatus === 201 ? 201 : 204, headers };
}

export async function runInsert(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const rows = asRows(req.body, true);
  const columns = payloadColumns(req.table, req.search, rows);
  const params = new Params();
  const target = qualified(req.table.name);
  const bodyParam = () => params.add(Array.isArray(req.body) ? req.raw : `[${req.raw}]`);
  let insert: string;
  if (columns.length === 0) {
    if (rows.length > 1) throw invalidBody('Empty or invalid json');
    insert =
      rows.length === 0
        ? `INSERT INTO ${target} SELECT * FROM ${target} WHERE FALSE`
        : `INSERT INTO ${target} DEFAULT VALUES`;
  } else if (req.prefs.missing === 'default') {
    // Keys absent from an object take the column default (Prefer: missing=default).
    const exprs = columns.map((c) => {
      const col = req.table.columns.get(c)!;
      return `CASE WHEN _e.j::jsonb ? ${params.add(c)} THEN _p.${ident(c)} ELSE ${col.default ?? 'NULL'} END`;
    });
    insert = `INSERT INTO ${target} (${columns.map(ident).join(', ')}) SELECT ${exprs.join(', ')} FROM json_array_elements(${bodyParam()}::json) AS _e(j), LATERAL json_populate_record(NULL::${target}, _e.j) AS _p`;
  } else {
    insert = `INSERT INTO ${target} (${columns.map(ident).join(', ')}) SELECT ${columns.map((c) => `_p.${ident(c)}`).join(', ')} FROM json_populate_recordset(NULL::${target}, ${bodyParam()}::json) AS _p`;
  }
  let resolutionApplied = false;
  if (req.prefs.resolution && columns.length > 0) {
    const onConflictParam = req.search.get('on_conflict');
    const conflict = onConflictParam ? parseColumns(onConflictParam, 'on_conflict parameter') : req.table.pk;
    for (const c of conflict) if (!req.table.columns.has(c)) throw columnNotFound(req.table.name, c);
    if (conflict.length > 0) {
      resolutionApplied = true;
      const updates = columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`);
      insert +=
        req.prefs.resolution === 'ignore-duplicates' || updates.length === 0
          ? ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO NOTHING`
          : ` ON CONFLICT (${conflict.map(ident).join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
    }
  }
  const applied = preferenceApplied(req.prefs, [
    'return',
    'count',
    ...(resolutionApplied ? (['resolution'] as const) : []),
    'missing',
  ]);
  const wantsRows = req.prefs.return === 'representation' || req.prefs.return === 'headers-only';
  if (!wantsRows) {
    // No RETURNING: a caller allowed to insert but not to read the row still succeeds.
    const { affectedRows } = await tx.query(insert, params.values);
    const headers = {
      'Content-Range': contentRange(1, 0, req.prefs.count ? affectedRows : undefined),
      ...applied,
    };
    return finish(req, undefined, affectedRows, 201, headers);
  }
  const result = await returning(
    tx,
    req,
    `${insert} RETURNING *, (xmax = 0) AS "__pgrst_inserted"`,
    params,
    true,
  );
  const headers: Record<string, string> = {
    'Content-Range': contentRange(1, 0, req.prefs.count ? result.n : undefined),
    ...applied,
  };
  if (req.prefs.return === 'headers-only' && result.loc) {
    const pk = JSON.parse(result.loc) as Record<string, unknown>;
    const query = Object.entries(pk)
      .map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`)
      .join('&');
    headers.Location = `/${req.table.name}?${query}`;
  }
  const status =
    req.prefs.resolution === 'merge-duplicates' && result.inserted === 0 && result.n > 0 ? 200 : 201;
  const out = finish(req, result, result.n, status, headers);
  return out.status === 204 ? { ...out, status } : out;
}

export async function runUpdate(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const [row] = asRows(req.body, false);
  const columns = payloadColumns(req.table, req.search, [row!]);
  const { planner, root } = planRead(req.schema, req.table, filtersOnly(req.search));
  const params = new Params();
  const target = qualified(req.table.name);
  const applied = preferenceApplied(req.prefs, ['return', 'count', 'missing']);
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers as if no row matched.
    if (req.media.single) throw singularityError(0);
    const empty = req.prefs.return === 'representation';
    return {
      status: empty ? 200 : 204,
      headers: { 'Content-Range': contentRange(0, -1, req.prefs.count ? 0 : undefined), ...applied },
      ...(empty ? { body: '[]' } : {}),
    };
  }
  const bodyParam = params.add(req.raw);
  const conds = whereSql(root, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const sets = columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ');
  const update = `UPDATE ${target} AS ${root.alias} SET ${sets} FROM json_populate_record(NULL::${target}, ${bodyParam}::json) AS _p${where}`;
  return mutateFiltered(tx, req, update, root.alias, params, applied, 'update');
}

export async function runDelete(tx: Queryable, req: MutateRequest): Promise<Outcome> {
  const { planner, root } = planRead(req.schema, req.table, filtersOnly(req.search));
  const params = new Params();
  const conds = whereSql(root, params, planner);
  const where = conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : '';
  const del = `DELETE FROM ${qualified(req.table.name)} AS ${root.alias}${where}`;
  const applied = preferenceApplied(req.prefs, ['return', 'count']);
  return mutateFiltered(tx, req, del, root.alias, params, applied, 'delete');
}

async function mutateFiltered(
  tx: Queryable,
  req: MutateRequest,
  dml: string,
  alias: string,
  params: Params,
  applied: Record<string, string>,
  kind: 'update' | 'delete',
): Promise<Outcome> {
  const range = (n: number) =>
    kind === 'update'
      ? contentRange(0, n - 1, req.prefs.count ? n : undefined)
      : contentRange(1, 0, req.prefs.count ? n : undefined);
  const wantsRows = req.prefs.return === 'representation';
  if (!wantsRows) {
    const { affectedRows } = await tx.query(dml, params.values);
    checkMaxAffected(req, affectedRows);
    return finish(req, undefined, affectedRows, 200, { 'Content-Range': range(affectedRows), ...applied });
  }
  const result = await returning(tx, req, `${dml} RETURNING ${alias}.*`, params, false);
  checkMaxAffected(req, result.n);
  return finish(req, result, result.n, 200, { 'Content-Range': range(result.n), ...applied });
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

/** Prefer: handling=strict, max-affected=n (PostgREST 13): more rows fail and roll back (PGRST124). */
function checkMaxAffected(req: MutateRequest, n: number): void {
  if (req.prefs.handling !== 'strict' || req.prefs.maxAffected === undefined) return;
  if (n > req.prefs.maxAffected) {
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
    prefs: { ...req.prefs, resolution: 'merge-duplicates' },
  });
  // PostgREST answers a PUT without representation with 204, with it 200 (updated) or 201 (inserted).
  if (req.prefs.return !== 'representation') return { status: 204, headers: {} };
  return out;
}
