import type { Queryable } from '../db/index.ts';
import { ident, Params, Planner, qualified, rootSelectSql } from './build.ts';
import { RestError } from './errors.ts';
import { parseSelect } from './grammar.ts';
import { applyMaxRows, applyQueryParams, applyRangeHeader } from './params.ts';
import type { MediaChoice, Preferences } from './prefer.ts';
import { aggregateSql, cappedSql } from './read.ts';
import {
  contentRange,
  JSON_TYPE,
  type Outcome,
  preferenceApplied,
  rangeStatus,
  shapeBody,
} from './respond.ts';
import { type Column, closest, type Routine, type SchemaCache, type Table } from './schema.ts';

export interface RpcRequest {
  schema: SchemaCache;
  name: string;
  /** Named arguments: the JSON body of a POST, or the query parameters of a GET. */
  args: Record<string, unknown>;
  /** A POST body as sent: arguments reach SQL from this text, so their types decide every value. */
  rawArgs?: string | undefined;
  /** Query-string keys used as arguments (not filters). */
  argKeys: Set<string>;
  search: URLSearchParams;
  range: string | undefined;
  prefs: Preferences;
  media: MediaChoice;
  head: boolean;
  method: 'GET' | 'POST';
  maxRows?: number | undefined;
}

const inputModes = new Set(['i', 'b', 'v']);
const outputModes = new Set(['o', 'b', 't']);

function inputs(r: Routine) {
  return r.params.filter((p) => inputModes.has(p.mode));
}

/** Picks the overload whose named parameters fit the given keys (PostgREST's findProc). */
export function findRoutine(schema: SchemaCache, name: string, keys: string[], method: string): Routine {
  const overloads = schema.routines.get(name) ?? [];
  const given = new Set(keys);
  const fits = overloads.filter((r) => {
    const ins = inputs(r);
    const required = ins.slice(0, ins.length - r.defaults);
    const names = new Set(ins.map((p) => p.name));
    return keys.every((k) => names.has(k)) && required.every((p) => given.has(p.name));
  });
  if (fits.length === 1) return fits[0]!;
  // A POST to a function with one unnamed json/jsonb parameter passes the whole body (functions.rst).
  if (fits.length === 0 && method === 'POST') {
    const single = overloads.find((r) => {
      const ins = inputs(r);
      return ins.length === 1 && ins[0]!.name === '' && (ins[0]!.type === 'json' || ins[0]!.type === 'jsonb');
    });
    if (single) return single;
  }
  if (fits.length > 1) {
    // The overload with exactly the given parameters wins, as PostgreSQL's own resolution would.
    const exact = fits.filter((r) => inputs(r).length === keys.length);
    if (exact.length === 1) return exact[0]!;
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits
        .map(
          (r) =>
            `public.${r.name}(${inputs(r)
              .map((p) => `${p.name} => ${p.type}`)
              .join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...keys].sort();
  const list = sorted.join(', ');
  const fmt = keys.length === 0 ? ' without parameters' : `(${list})`;
  const det =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${list}`;
  let hint: string | null = null;
  if (overloads.length === 0) {
    const other = closest(name, schema.routines.keys());
    if (other) hint = `Perhaps you meant to call the function public.${other}`;
  } else {
    hint = `Perhaps you meant to call the function public.${name}(${inputs(overloads[0]!)
      .map((p) => p.name)
      .sort()
      .join(', ')})`;
  }
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${fmt} in the schema cache`,
    `Searched for the function public.${name}${det}${method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** A table-like view of a function's result columns (RETURNS TABLE / OUT parameters). */
function resultTable(schema: SchemaCache, r: Routine): Table | undefined {
  if (r.returnTable) return schema.tables.get(r.returnTable);
  const outs = r.params.filter((p) => outputModes.has(p.mode) && p.name);
  if (outs.length === 0) return undefined;
  const columnList: Column[] = outs.map((p) => ({
    name: p.name,
    type: p.type,
    typname: p.type,
    notNull: false,
    default: null,
    identity: '',
    generated: '',
  }));
  return {
    name: r.name,
    kind: 'f',
    columns: new Map(columnList.map((c) => [c.name, c])),
    columnList,
    pk: [],
    uniques: [],
  };
}

export async function runRpc(tx: Queryable, req: RpcRequest): Promise<Outcome> {
  const keys = Object.keys(req.args);
  const routine = findRoutine(req.schema, req.name, keys, req.method);
  // PostgREST runs GET/HEAD in a read-only transaction: a function that writes answers 405 (25006).
  if (req.method === 'GET' && routine.volatility === 'v') await tx.query('SET TRANSACTION READ ONLY');
  const params = new Params();
  // Arguments go through json_to_record so PostgreSQL converts JSON to each parameter's type.
  const ins = inputs(routine).filter((p) => keys.includes(p.name));
  const unnamed = inputs(routine).length === 1 && inputs(routine)[0]!.name === '';
  let call: string;
  if (unnamed) {
    call = `${qualified(routine.name)}(${params.add(req.rawArgs ?? JSON.stringify(req.args))}::${inputs(routine)[0]!.type})`;
  } else if (ins.length > 0) {
    // json_to_record reads only the keys it names, so the body can go as it came.
    const argsParam = params.add(
      req.rawArgs ?? JSON.stringify(Object.fromEntries(ins.map((p) => [p.name, req.args[p.name]]))),
    );
    const record = `json_to_record(${argsParam}::json) AS _a(${ins.map((p) => `${ident(p.name)} ${p.type}`).join(', ')})`;
    const named = ins.map((p) => `${ident(p.name)} := (SELECT _a.${ident(p.name)} FROM ${record})`);
    call = `${qualified(routine.name)}(${named.join(', ')})`;
  } else {
    call = `${qualified(routine.name)}()`;
  }
  const table = resultTable(req.schema, routine);
  if (routine.returnType === 'void') {
    await tx.query(`SELECT ${call}`, params.values);
    return { status: 204, headers: { 'Content-Range': contentRange(0, 0, undefined) } };
  }
  if (!table) {
    const sql = routine.returnsSet
      ? `SELECT ${cappedSql(`coalesce(json_agg(_f.v), '[]'::json)::text`)} AS body, count(*)::int AS n FROM ${call} AS _f(v)`
      : `SELECT ${cappedSql(`to_json(${call})::text`)} AS body, 1 AS n`;
    const { rows } = await tx.query<{ body: string; n: number }>(sql, params.values);
    const result = rows[0]!;
    const headers = {
      'Content-Range': contentRange(0, result.n - 1, undefined),
      'Content-Type': JSON_TYPE,
    };
    return req.head ? { status: 200, headers } : { status: 200, headers, body: result.body };
  }
  const planner = new Planner(req.schema);
  const root = planner.node(table, parseSelect(req.search.get('select') ?? '*'), table.name);
  applyQueryParams(root, req.search, req.argKeys);
  applyRangeHeader(root, req.range);
  if (routine.returnsSet) applyMaxRows(root, req.maxRows);
  const { sql, where } = rootSelectSql(root, call, params, planner);
  const exact = req.prefs.count === 'exact' || req.prefs.count === 'estimated';
  const extra = exact ? `, (SELECT count(*) FROM ${call} AS ${root.alias}${where})::int AS total` : '';
  const { rows } = await tx.query<{ body: string; n: number; one: string | null; total?: number }>(
    aggregateSql(sql, routine.returnsSet ? req.media : { ...req.media, single: true }, extra),
    params.values,
  );
  const result = rows[0]!;
  const total = exact ? Number(result.total) : undefined;
  const lower = root.offset ?? 0;
  const headers: Record<string, string> = {
    'Content-Range': contentRange(lower, lower + result.n - 1, total),
    ...preferenceApplied(req.prefs, ['count']),
  };
  let body: string;
  let type: string;
  if (!routine.returnsSet) {
    // A function returning one row answers with that row, not an array.
    body = result.n === 0 ? 'null' : (result.one ?? 'null');
    type = JSON_TYPE;
  } else {
    ({ body, type } = shapeBody(result.body, result.n, result.one, req.media));
  }
  headers['Content-Type'] = type;
  const status = rangeStatus(lower, result.n, total);
  return req.head ? { status, headers } : { status, headers, body };
}
