import type { Queryable } from '../db/index.ts';
import { viewColumnOrigins } from './views.ts';

/**
 * The slice of the database PostgREST's schema cache holds (src/PostgREST/SchemaCache.hs), for
 * one exposed schema: its tables and views, their keys and foreign keys (views inherit those of
 * the tables they select from), its functions, the functions usable as computed fields and
 * computed relationships.
 */
export interface Column {
  name: string;
  /** format_type() of the column, e.g. `text[]`, `numeric(10,2)`. */
  type: string;
  /** pg_type.typname; `_text` for arrays. */
  typname: string;
  notNull: boolean;
  /**
   * The default as PostgREST's schema cache records it: the expression, `nextval('seq')` for an
   * identity column `by default`, a domain's default, null for generated columns.
   */
  default: string | null;
  /** pg_attribute.attidentity: '' | 'a' (always) | 'd' (by default). */
  identity: string;
  generated: string;
}

/** A function `f(t)` over a table's row type, selectable and filterable as a column `f`. */
export interface ComputedField {
  name: string;
  schema: string;
  /** format_type() of what the function returns. */
  type: string;
  typname: string;
}

export interface Table {
  schema: string;
  name: string;
  /** pg_class.relkind. */
  kind: string;
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  /** Column sets with a unique index (including the primary key), for one-to-one detection. */
  uniques: string[][];
  computed: Map<string, ComputedField>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  /** The foreign key is a base table's, seen through a view on either side. */
  tableIsView: boolean;
  refTableIsView: boolean;
  /** Its columns are the base table's primary key or a unique constraint (PostgREST's one_to_one). */
  oneToOne: boolean;
}

/** A function `f(t) returns [setof] u` over row types: `f` embeds as a relationship of `t`. */
export interface ComputedRelationship {
  function: string;
  schema: string;
  table: string;
  target: string;
  toOne: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  /** i = in, o = out, b = inout, v = variadic, t = table column. */
  mode: string;
}

export interface Routine {
  oid: number;
  schema: string;
  name: string;
  params: RoutineParam[];
  /** How many trailing input parameters have defaults. */
  defaults: number;
  returnType: string;
  returnsSet: boolean;
  /** typtype of the return type: b base, c composite, d domain, p pseudo (void, record), e enum, r range. */
  returnKind: string;
  /** A composite result: a row type, or OUT/INOUT/TABLE parameters (PostgREST's rettype_is_composite). */
  returnsComposite: boolean;
  /** The table or view (of the same schema) whose row type the function returns, if any. */
  returnTable: string | null;
  volatility: string;
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  name: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  computedRels: ComputedRelationship[];
  /**
   * Settings of the API roles (`alter role authenticated set statement_timeout = '8s'`), applied
   * to every request of that role, as PostgREST applies "impersonated role settings".
   */
  roleSettings: Record<string, Record<string, string>>;
  /** Whether embeds check the statement timeout themselves (PGlite, where it never fires). */
  guardEmbeds: boolean;
  loadedAt: number;
}

/** Relations of the exposed schema, their columns with PostgREST's defaults, keys. */
const TABLES = `
select coalesce(json_agg(json_build_object(
  'oid', c.oid::int8, 'name', c.relname, 'kind', c.relkind,
  'columns', (
    select coalesce(json_agg(json_build_object(
      'name', a.attname, 'num', a.attnum, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname,
      'notNull', a.attnotnull,
      'default', case
        when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
        when a.attgenerated = 's' then null
        when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
        else pg_get_expr(d.adbin, d.adrelid) end,
      'identity', a.attidentity, 'generated', a.attgenerated) order by a.attnum), '[]'::json)
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
  'pk', (
    select coalesce(json_agg(a.attname order by k.ord), '[]'::json)
    from pg_index i, unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
    join pg_attribute a on a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid),
  'uniques', (
    select coalesce(json_agg((
      select json_agg(a.attname order by k.ord)
      from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum)), '[]'::json)
    from pg_index i
    where i.indrelid = c.oid and i.indisunique and i.indexprs is null and i.indpred is null)
)), '[]'::json)::text as tables
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

/**
 * Every foreign key, primary key and view definition in the database (by oid), so that views
 * of the exposed schema over tables of any schema inherit their keys, as PostgREST's
 * allViewsKeyDependencies does.
 */
const KEYS = `
select json_build_object(
  'constraints', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'type', con.contype, 'rel', con.conrelid::int8, 'cols', con.conkey,
      'ref', con.confrelid::int8, 'refCols', con.confkey)), '[]'::json)
    from pg_constraint con where con.contype in ('p', 'u', 'f')),
  'relations', (select coalesce(json_agg(json_build_object(
      'oid', c.oid::int8, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind,
      'attnames', (select json_object_agg(a.attnum, a.attname) from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
      'definition', case when c.relkind in ('v', 'm') then (
        select r.ev_action::text from pg_rewrite r where r.ev_class = c.oid and r.rulename = '_RETURN') end)), '[]'::json)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname not in ('pg_catalog', 'information_schema'))
)::text as keys`;

/** Functions of the exposed schema, their input parameters typed as PostgREST types them. */
const ROUTINES = `
select coalesce(json_agg(json_build_object(
  'oid', p.oid::int8,
  'name', p.proname,
  'params', (
    select coalesce(json_agg(json_build_object(
      'name', coalesce(x.name, ''),
      'type', case when x.type = 'bit'::regtype then 'bit varying'
                   when x.type = 'bit[]'::regtype then 'bit varying[]'
                   when x.type = 'character'::regtype then 'character varying'
                   when x.type = 'character[]'::regtype then 'character varying[]'
                   else x.type::regtype::text end,
      'mode', coalesce(x.mode::text, 'i'))
      order by x.ord), '[]'::json)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
      with ordinality x(type, mode, name, ord)),
  'defaults', p.pronargdefaults,
  'returnType', format_type(p.prorettype, null),
  'returnsSet', p.proretset,
  'returnKind', rt.typtype,
  'returnsComposite', rt.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false),
  'returnTable', case when rn.nspname = $1 then rel.relname end,
  'volatility', p.provolatile)
  order by p.oid), '[]'::json)::text as routines
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rel on rel.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rel.relnamespace
where pn.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`;

/**
 * Functions over a row type of the exposed schema: computed fields (one required argument,
 * any non-row result) and computed relationships (exactly one argument, a row type result;
 * PostgREST's allComputedRels). Either may live in any schema, as PostgREST resolves `t.f`.
 */
const COMPUTED = `
select coalesce(json_agg(json_build_object(
  'schema', pn.nspname, 'name', p.proname, 'table', arg.relname,
  'type', format_type(p.prorettype, null), 'typname', rt.typname,
  'target', case when retn.nspname = $1 then ret.relname end,
  'returnsRow', ret.oid is not null,
  'returnsSet', p.proretset, 'singleRow', not p.proretset or p.prorows = 1,
  'nargs', p.pronargs)
  order by p.oid), '[]'::json)::text as computed
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_class arg on arg.reltype = p.proargtypes[0] and arg.relkind in ('r', 'v', 'm', 'f', 'p')
join pg_namespace argn on argn.oid = arg.relnamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class ret on ret.reltype = p.prorettype and ret.relkind in ('r', 'v', 'm', 'f', 'p')
left join pg_namespace retn on retn.oid = ret.relnamespace
where argn.nspname = $1 and p.prokind = 'f' and p.pronargs >= 1 and p.pronargs - p.pronargdefaults <= 1
  and pn.nspname not in ('pg_catalog', 'information_schema')`;

const ROLE_SETTINGS = `
select coalesce(json_agg(json_build_array(r.rolname, split_part(c, '=', 1), substr(c, strpos(c, '=') + 1))
  order by s.setdatabase), '[]'::json)::text as settings
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
cross join unnest(s.setconfig) c
join pg_settings ps on ps.name = split_part(c, '=', 1) and ps.context = 'user'
where r.rolname in ('anon', 'authenticated', 'service_role')
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`;

interface RawColumn extends Column {
  num: number;
}

interface RawTable {
  oid: number;
  name: string;
  kind: string;
  columns: RawColumn[];
  pk: string[];
  uniques: (string[] | null)[];
}

interface RawRelation {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  attnames: Record<string, string> | null;
  definition: string | null;
}

interface RawConstraint {
  name: string;
  type: 'p' | 'u' | 'f';
  rel: number;
  cols: number[];
  ref: number;
  refCols: number[] | null;
}

interface RawComputed {
  schema: string;
  name: string;
  table: string;
  type: string;
  typname: string;
  target: string | null;
  returnsRow: boolean;
  returnsSet: boolean;
  singleRow: boolean;
  nargs: number;
}

async function jsonQuery<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<Record<string, string>>(sql, params);
  return JSON.parse(Object.values(rows[0]!)[0]!) as T;
}

/** Loads the cache of one exposed schema. */
export async function loadSchema(
  db: Queryable,
  schemaName: string,
  guardEmbeds = false,
): Promise<SchemaCache> {
  const rawTables = await jsonQuery<RawTable[]>(db, TABLES, [schemaName]);
  const keys = await jsonQuery<{ constraints: RawConstraint[]; relations: RawRelation[] }>(db, KEYS);
  const rawRoutines = await jsonQuery<(Routine & { schema?: string })[]>(db, ROUTINES, [schemaName]);
  const computed = await jsonQuery<RawComputed[]>(db, COMPUTED, [schemaName]);
  const rawSettings = await jsonQuery<[string, string, string][]>(db, ROLE_SETTINGS);

  const roleSettings: Record<string, Record<string, string>> = {};
  for (const [role, name, value] of rawSettings)
    roleSettings[role] = { ...roleSettings[role], [name]: value };

  const tables = new Map<string, Table>();
  for (const t of rawTables) {
    tables.set(t.name, {
      schema: schemaName,
      name: t.name,
      kind: t.kind,
      columns: new Map(t.columns.map((c) => [c.name, stripNum(c)])),
      columnList: t.columns.map(stripNum),
      pk: t.pk,
      uniques: t.uniques.filter((u): u is string[] => Array.isArray(u)),
      computed: new Map(),
    });
  }

  const { foreignKeys, viewKeys } = resolveKeys(schemaName, keys.relations, keys.constraints);
  for (const [view, { pk, uniques }] of viewKeys) {
    const table = tables.get(view);
    if (!table) continue;
    if (table.pk.length === 0 && pk) table.pk = pk;
    table.uniques.push(...uniques);
  }

  const computedRels: ComputedRelationship[] = [];
  for (const f of computed) {
    const table = tables.get(f.table);
    if (!table) continue;
    if (f.returnsRow) {
      if (f.nargs === 1 && f.target !== null) {
        computedRels.push({
          function: f.name,
          schema: f.schema,
          table: f.table,
          target: f.target,
          toOne: f.singleRow,
        });
      }
    } else if (!f.returnsSet && !table.columns.has(f.name)) {
      table.computed.set(f.name, { name: f.name, schema: f.schema, type: f.type, typname: f.typname });
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const r of rawRoutines) {
    const routine: Routine = { ...r, schema: schemaName };
    const list = routines.get(r.name) ?? [];
    list.push(routine);
    routines.set(r.name, list);
  }
  return {
    name: schemaName,
    tables,
    foreignKeys,
    routines,
    computedRels,
    roleSettings,
    guardEmbeds,
    loadedAt: Date.now(),
  };
}

function stripNum(c: RawColumn): Column {
  const { num: _num, ...column } = c;
  return column;
}

interface ColumnRef {
  rel: number;
  attnum: number;
}

/**
 * The foreign keys among the exposed schema's relations, views included: a view that shows
 * every column of a key (through any depth of views) carries that key, as PostgREST's
 * addViewM2OAndO2ORels and addViewPrimaryKeys do.
 */
function resolveKeys(
  schemaName: string,
  relations: RawRelation[],
  constraints: RawConstraint[],
): {
  foreignKeys: ForeignKey[];
  viewKeys: Map<string, { pk: string[] | undefined; uniques: string[][] }>;
} {
  // Each view column's origin: the base table column it shows, following views of views.
  const direct = new Map<number, Map<number, ColumnRef>>();
  for (const r of relations) {
    if (r.definition) direct.set(r.oid, viewColumnOrigins(r.definition));
  }
  const origin = (rel: number, attnum: number, seen = new Set<number>()): ColumnRef | undefined => {
    const view = direct.get(rel);
    if (!view) return { rel, attnum };
    if (seen.has(rel)) return undefined;
    seen.add(rel);
    const next = view.get(attnum);
    return next ? origin(next.rel, next.attnum, seen) : undefined;
  };
  // For each base table: the relations of the exposed schema that show its columns, and how.
  const exposures = new Map<number, { rel: RawRelation; cols: Map<number, string[]> }[]>();
  for (const r of relations) {
    if (r.schema !== schemaName || !r.attnames) continue;
    if (!direct.has(r.oid)) {
      exposures.set(r.oid, [
        ...(exposures.get(r.oid) ?? []),
        {
          rel: r,
          cols: new Map(Object.entries(r.attnames).map(([n, name]) => [Number(n), [name]])),
        },
      ]);
      continue;
    }
    const perBase = new Map<number, Map<number, string[]>>();
    for (const [n, name] of Object.entries(r.attnames)) {
      const o = origin(r.oid, Number(n));
      if (!o) continue;
      const cols = perBase.get(o.rel) ?? new Map<number, string[]>();
      cols.set(o.attnum, [...(cols.get(o.attnum) ?? []), name]);
      perBase.set(o.rel, cols);
    }
    for (const [base, cols] of perBase)
      exposures.set(base, [...(exposures.get(base) ?? []), { rel: r, cols }]);
  }
  // Every way to name a key's columns through one exposing relation (a view may show a column twice).
  const namings = (cols: number[], cover: Map<number, string[]>): string[][] => {
    let out: string[][] = [[]];
    for (const c of cols) {
      const names = cover.get(c);
      if (!names) return [];
      out = out.flatMap((prefix) => names.map((n) => [...prefix, n]));
    }
    return out;
  };

  const uniqueSets = new Map<number, Set<string>>();
  for (const con of constraints) {
    if (con.type === 'f') continue;
    const set = uniqueSets.get(con.rel) ?? new Set<string>();
    set.add([...con.cols].sort((a, b) => a - b).join(','));
    uniqueSets.set(con.rel, set);
  }
  const foreignKeys: ForeignKey[] = [];
  const viewKeys = new Map<string, { pk: string[] | undefined; uniques: string[][] }>();
  for (const con of constraints) {
    if (con.type === 'u') continue;
    if (con.type === 'p') {
      for (const e of exposures.get(con.rel) ?? []) {
        if (!direct.has(e.rel.oid)) continue;
        const [first] = namings(con.cols, e.cols);
        if (!first) continue;
        const entry = viewKeys.get(e.rel.name) ?? { pk: undefined, uniques: [] };
        entry.pk ??= first;
        entry.uniques.push(first);
        viewKeys.set(e.rel.name, entry);
      }
      continue;
    }
    if (!con.refCols) continue;
    const oneToOne = uniqueSets.get(con.rel)?.has([...con.cols].sort((a, b) => a - b).join(',')) ?? false;
    for (const src of exposures.get(con.rel) ?? []) {
      for (const ref of exposures.get(con.ref) ?? []) {
        for (const columns of namings(con.cols, src.cols)) {
          for (const refColumns of namings(con.refCols, ref.cols)) {
            foreignKeys.push({
              name: con.name,
              table: src.rel.name,
              columns,
              refTable: ref.rel.name,
              refColumns,
              tableIsView: direct.has(src.rel.oid),
              refTableIsView: direct.has(ref.rel.oid),
              oneToOne,
            });
          }
        }
      }
    }
  }
  foreignKeys.sort((a, b) => cmp(a.table, b.table) || cmp(a.name, b.name) || cmp(a.refTable, b.refTable));
  return { foreignKeys, viewKeys };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The closest name by a simple similarity, for PostgREST's "Perhaps you meant" hints. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const grams = (s: string): Set<string> => {
    const padded = `-${s.toLowerCase()}-`;
    const out = new Set<string>();
    for (let i = 0; i < padded.length - 2; i++) out.add(padded.slice(i, i + 3));
    return out;
  };
  const target = grams(name);
  let best: string | undefined;
  let bestScore = 0;
  for (const candidate of candidates) {
    const other = grams(candidate);
    let common = 0;
    for (const g of target) if (other.has(g)) common++;
    const score = (2 * common) / (target.size + other.size);
    if (score > bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return bestScore >= 0.5 ? best : undefined;
}
