import type { Queryable } from '../db/index.ts';
import { countFromSql, ident, Params, Planner, qualified, rootSelectSql } from './build.ts';
import { RestError } from './errors.ts';
import { parseSelect } from './grammar.ts';
import { checkMaxAffected } from './mutate.ts';
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
  type ResultShape,
  rangeStatus,
} from './respond.ts';
import {
  type Column,
  closest,
  type Routine,
  type RoutineParam,
  type SchemaCache,
  type Table,
} from './schema.ts';

/** How a POST body reaches a function with one unnamed parameter (ApiRequest.hs iContentMediaType). */
export type BodyType = 'json' | 'text' | 'xml' | 'bytea' | 'form' | 'other';

export interface RpcRequest {
  schema: SchemaCache;
  name: string;
  /** Named arguments: the JSON body of a POST, or the query parameters of a GET. */
  args: Record<string, unknown>;
  /** The POST body as sent: arguments reach SQL from this text, so their types decide every value. */
  rawArgs?: string | Buffer | undefined;
  bodyType: BodyType;
  /** Query-string keys used as arguments (not filters). */
  argKeys: Set<string>;
  search: URLSearchParams;
  range: string | undefined;
  prefs: Preferences;
  media: MediaChoice;
  head: boolean;
  method: 'GET' | 'POST';
  maxRows?: number | undefined;
  aggregates?: boolean;
  profile?: Record<string, string>;
}

const inputModes = new Set(['i', 'b', 'v']);
const outputModes = new Set(['o', 'b', 't']);

interface InputParam extends RoutineParam {
  required: boolean;
  variadic: boolean;
}

/** A function's input parameters; the first `n - defaults` are required (SchemaCache.hs funcsSqlQuery). */
function inputs(r: Routine): InputParam[] {
  const ins = r.params.filter((p) => inputModes.has(p.mode));
  return ins.map((p, i) => ({ ...p, required: i < ins.length - r.defaults, variadic: p.mode === 'v' }));
}

/** PostgREST only exposes functions whose unnamed inputs are none, or one of json/jsonb/text/xml/bytea. */
function callable(r: Routine): boolean {
  const unnamed = inputs(r).filter((p) => p.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]!.type);
}

const SINGLE_PARAM_TYPE: Partial<Record<BodyType, string[]>> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
};

const signature = (r: Routine): string =>
  `${r.schema}.${r.name}(${inputs(r)
    .map((p) => `${p.name} => ${p.type}`)
    .join(', ')})`;

/**
 * Picks the function a request calls, as PostgREST's findProc (Plan.hs): the overloads whose
 * parameters the argument keys fit exactly (every required one, any optional ones, nothing
 * else); failing that, for a POST, one whose only parameter takes the whole body by its media
 * type; several candidates are PGRST203, none PGRST202.
 */
export function findRoutine(
  schema: SchemaCache,
  name: string,
  keys: string[],
  opts: { post: boolean; bodyType: BodyType; singleObject: boolean },
): Routine {
  const overloads = (schema.routines.get(name) ?? []).filter(callable);
  const given = new Set(keys);
  const sameSet = (names: string[]) => names.length === given.size && names.every((n) => given.has(n));
  const matchesParams = (r: Routine): boolean => {
    const params = inputs(r);
    if (opts.singleObject) return params.length === 1 && ['json', 'jsonb'].includes(params[0]!.type);
    if (params.length === 0)
      return given.size === 0 && !(opts.post && ['bytea', 'text', 'xml'].includes(opts.bodyType));
    const required = params.filter((p) => p.required).map((p) => p.name);
    const optional = new Set(params.filter((p) => !p.required).map((p) => p.name));
    if (optional.size === 0) return sameSet(required);
    if (required.length === 0) return keys.every((k) => optional.has(k));
    // The keys that are not optional parameters must be exactly the required ones.
    const rest = keys.filter((k) => !optional.has(k));
    return rest.length === required.length && required.every((r) => rest.includes(r));
  };
  const hasSingleUnnamedParam = (r: Routine): boolean => {
    const params = inputs(r);
    return (
      opts.post && params.length === 1 && (SINGLE_PARAM_TYPE[opts.bodyType] ?? []).includes(params[0]!.type)
    );
  };
  const named: Routine[] = [];
  const fallback: Routine[] = [];
  for (const r of overloads) {
    if (matchesParams(r)) named.push(r);
    else if (hasSingleUnnamedParam(r)) fallback.push(r);
  }
  if (named.length === 1) return named[0]!;
  if (named.length === 0 && fallback.length === 1) return fallback[0]!;
  const ambiguous = named.length > 1 ? named : fallback;
  if (ambiguous.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${ambiguous.map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw noRpc(schema, name, keys, opts, overloads);
}

/** PGRST202, worded as Error.hs NoRpc with its hint (noRpcHint). */
function noRpc(
  schema: SchemaCache,
  name: string,
  keys: string[],
  opts: { post: boolean; bodyType: BodyType; singleObject: boolean },
  overloads: Routine[],
): RestError {
  const func = `${schema.name}.${name}`;
  const list = keys.join(', ');
  const onlySingle = opts.singleObject || (opts.post && ['text', 'xml', 'bytea'].includes(opts.bodyType));
  const fmt = (p: string) => (keys.length === 0 ? ' without parameters' : p);
  const det = ` with parameter${keys.length > 1 ? 's' : ''} ${list}`;
  let searched: string;
  if (opts.singleObject) searched = ' with a single json/jsonb parameter';
  else if (opts.post && opts.bodyType === 'text') searched = ' with a single unnamed text parameter';
  else if (opts.post && opts.bodyType === 'xml') searched = ' with a single unnamed xml parameter';
  else if (opts.post && opts.bodyType === 'bytea') searched = ' with a single unnamed bytea parameter';
  else if (opts.post && opts.bodyType === 'json')
    searched = `${fmt(det)} or with a single unnamed json/jsonb parameter`;
  else searched = fmt(det);
  let hint: string | null = null;
  if (!onlySingle) {
    if (overloads.length === 0) {
      const other = closest(name, schema.routines.keys());
      if (other) hint = `Perhaps you meant to call the function ${schema.name}.${other}`;
    } else {
      const candidates = overloads.map((r) =>
        inputs(r)
          .map((p) => p.name)
          .sort()
          .join(', '),
      );
      const best = closest([...keys].sort().join(', '), candidates) ?? candidates[0];
      if (best !== undefined) hint = `Perhaps you meant to call the function ${func}(${best})`;
    }
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${onlySingle ? '' : fmt(`(${list})`)} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
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
    schema: r.schema,
    name: r.name,
    kind: 'f',
    columns: new Map(columnList.map((c) => [c.name, c])),
    columnList,
    pk: [],
    uniques: [],
    computed: new Map(),
  };
}

/** The call as PostgREST's callPlanToQuery writes it: named arguments from the JSON body, or one positional. */
function callSql(routine: Routine, req: RpcRequest, keys: string[], params: Params): string {
  const fn = qualified(routine.schema, routine.name);
  const ins = inputs(routine);
  const single = ins.length === 1 && (req.prefs.params === 'single-object' || ins[0]!.name === '');
  if (single) {
    const raw = req.rawArgs ?? JSON.stringify(req.args);
    // Bytes travel as bytea's hex text, so no driver has to carry binary parameters.
    const value = typeof raw === 'string' ? raw : `\\x${raw.toString('hex')}`;
    return `${fn}(${params.add(value)}::${ins[0]!.type})`;
  }
  const given = ins.filter((p) => keys.includes(p.name));
  if (given.length === 0) return `${fn}()`;
  // json_to_record reads only the keys it names, so the body can go as it came.
  const body =
    typeof req.rawArgs === 'string'
      ? req.rawArgs
      : JSON.stringify(Object.fromEntries(given.map((p) => [p.name, req.args[p.name]])));
  const record = `json_to_record(${params.add(body)}::json) AS _a(${given.map((p) => `${ident(p.name)} ${p.type}`).join(', ')})`;
  const named = given.map(
    (p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := (SELECT _a.${ident(p.name)} FROM ${record})`,
  );
  return `${fn}(${named.join(', ')})`;
}

/**
 * Whether a call runs in a read-only transaction, as PostgREST's callReadPlan: GET/HEAD, and a
 * POST to a stable or immutable function. Decided before the transaction starts, so the mode is
 * set with the caller's claims rather than by a statement of its own. A call whose function
 * cannot be found is not read-only; runRpc then reports why.
 */
export function runsReadOnly(req: RpcRequest): boolean {
  if (req.method === 'GET') return true;
  try {
    const routine = findRoutine(req.schema, req.name, Object.keys(req.args), {
      post: true,
      bodyType: req.bodyType,
      singleObject: req.prefs.params === 'single-object',
    });
    return routine.volatility !== 'v';
  } catch {
    return false;
  }
}

/**
 * POST/GET/HEAD /rpc/<fn> (Query.hs actionQuery for DbCall, Response.hs for CallReadPlan), in a
 * transaction that is already read-only when {@link runsReadOnly} says so.
 */
export async function runRpc(tx: Queryable, req: RpcRequest): Promise<Outcome> {
  const keys = Object.keys(req.args);
  const routine = findRoutine(req.schema, req.name, keys, {
    post: req.method === 'POST',
    bodyType: req.bodyType,
    singleObject: req.prefs.params === 'single-object',
  });
  const params = new Params();
  const call = callSql(routine, req, keys, params);
  const applied = preferenceApplied(req.prefs, ['params', 'count', 'tx', 'handling', 'maxAffected']);
  const exact = req.prefs.count === 'exact' || req.prefs.count === 'estimated';
  const table = resultTable(req.schema, routine);
  const scalar = !table && !routine.returnsComposite;
  const shape: ResultShape = scalar
    ? routine.returnsSet
      ? 'setof-scalar'
      : 'scalar'
    : routine.returnsSet
      ? 'rows'
      : 'single-composite';
  const source = scalar ? `(SELECT ${call} AS pgrst_scalar)` : call;
  const sourceTable: Table =
    table ??
    ({
      schema: routine.schema,
      name: routine.name,
      kind: 'f',
      columns: new Map([['pgrst_scalar', scalarColumn(routine)]]),
      columnList: [scalarColumn(routine)],
      pk: [],
      uniques: [],
      computed: new Map(),
    } satisfies Table);
  const planner = new Planner(req.schema, { aggregates: req.aggregates ?? false });
  const root = planner.root(sourceTable, parseSelect(req.search.get('select') ?? '*'));
  applyQueryParams(root, req.search, req.argKeys);
  resolveTopRange(root, req.range);
  if (routine.returnsSet) applyMaxRows(root, req.maxRows);
  if (routine.returnType === 'void') {
    await tx.query(`SELECT ${call}`, params.values);
    const headers = { 'Content-Range': contentRange(0, 0, exact ? 1 : undefined), ...applied };
    return { status: 204, headers };
  }
  const { sql } = rootSelectSql(root, source, params, planner);
  const extra = exact
    ? `, (SELECT count(*) FROM (SELECT 1 ${countFromSql(root, source, params, planner)}) _c)::int AS total`
    : '';
  const statement = aggregateSql(sql, req.media, { extra, shape });
  if (req.media.plan) return explain(tx, req.media.plan, statement, params.values);
  const { rows } = await tx.query<AggregateRow & { total?: number }>(statement, params.values);
  const result = rows[0]!;
  // A function returning one value or row always counts as one (Statements.hs prepareCall).
  const n = routine.returnsSet ? result.n : 1;
  checkSingular(req.media, n);
  checkMaxAffected(req.prefs, n);
  const total = exact ? Number(result.total) : undefined;
  const lower = root.offset ?? 0;
  const status = rangeStatus(lower, n, total);
  const headers: Record<string, string> = {
    'Content-Range': contentRange(lower, lower + n - 1, total),
    ...applied,
  };
  if (status === 416) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total ?? 0} rows.`,
      null,
      headers,
    );
  }
  Object.assign(headers, { 'Content-Type': contentType(req.media) }, req.profile);
  return req.head ? { status, headers } : { status, headers, body: result.body };
}

function scalarColumn(routine: Routine): Column {
  return {
    name: 'pgrst_scalar',
    type: routine.returnType,
    typname: routine.returnType,
    notNull: false,
    default: null,
    identity: '',
    generated: '',
  };
}
