import type { Queryable } from '../db/index.ts';

/** The slice of the database PostgREST's schema cache holds, for the `public` schema only. */
export interface Column {
  name: string;
  /** format_type() of the column, e.g. `text[]`, `numeric(10,2)`. */
  type: string;
  /** pg_type.typname; `_text` for arrays. */
  typname: string;
  notNull: boolean;
  /** The default expression as pg_get_expr prints it. */
  default: string | null;
  /** pg_attribute.attidentity: '' | 'a' (always) | 'd' (by default). */
  identity: string;
  generated: string;
}

export interface Table {
  name: string;
  /** pg_class.relkind. */
  kind: string;
  columns: Map<string, Column>;
  columnList: Column[];
  pk: string[];
  /** Column sets with a unique index (including the primary key), for one-to-one detection. */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  /** i = in, o = out, b = inout, v = variadic, t = table column. */
  mode: string;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  /** How many trailing input parameters have defaults. */
  defaults: number;
  returnType: string;
  returnsSet: boolean;
  /** typtype of the return type: b base, c composite, d domain, p pseudo (void, record), e enum, r range. */
  returnKind: string;
  /** The table or view whose row type the function returns, if any. */
  returnTable: string | null;
  volatility: string;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
  /**
   * Settings of the API roles (`alter role authenticated set statement_timeout = '8s'`), applied
   * to every request of that role, as PostgREST applies "impersonated role settings".
   */
  roleSettings: Record<string, Record<string, string>>;
  /** Whether embeds check the statement timeout themselves (PGlite, where it never fires). */
  guardEmbeds: boolean;
  loadedAt: number;
}

const INTROSPECT = `
select json_build_object(
  'tables', (
    select coalesce(json_agg(json_build_object(
      'name', c.relname,
      'kind', c.relkind,
      'columns', (
        select coalesce(json_agg(json_build_object(
          'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname,
          'notNull', a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
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
    )), '[]'::json)
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')),
  'foreignKeys', (
    select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table', src.relname, 'refTable', ref.relname,
      'columns', (select json_agg(a.attname order by k.ord)
                  from unnest(con.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'refColumns', (select json_agg(a.attname order by k.ord)
                     from unnest(con.confkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum))
      order by src.relname, con.conname), '[]'::json)
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class ref on ref.oid = con.confrelid
    where con.contype = 'f' and src.relnamespace = 'public'::regnamespace
      and ref.relnamespace = 'public'::regnamespace),
  'routines', (
    select coalesce(json_agg(json_build_object(
      'name', p.proname,
      'params', (
        select coalesce(json_agg(json_build_object(
          'name', coalesce(n.name, ''), 'type', format_type(n.type, null), 'mode', coalesce(n.mode::text, 'i'))
          order by n.ord), '[]'::json)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
          with ordinality n(type, mode, name, ord)),
      'defaults', p.pronargdefaults,
      'returnType', format_type(p.prorettype, null),
      'returnsSet', p.proretset,
      'returnKind', rt.typtype,
      'returnTable', case when rel.relnamespace = 'public'::regnamespace then rel.relname end,
      'volatility', p.provolatile)), '[]'::json)
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    left join pg_class rel on rel.oid = rt.typrelid
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'),
  'roleSettings', (
    -- Database-wide settings come after global ones, so they win when both name a setting.
    select coalesce(json_agg(json_build_array(r.rolname, split_part(c, '=', 1), substr(c, strpos(c, '=') + 1))
      order by s.setdatabase), '[]'::json)
    from pg_db_role_setting s
    join pg_roles r on r.oid = s.setrole
    cross join unnest(s.setconfig) c
    join pg_settings ps on ps.name = split_part(c, '=', 1) and ps.context = 'user'
    where r.rolname in ('anon', 'authenticated', 'service_role')
      and s.setdatabase in (0, (select oid from pg_database where datname = current_database())))
)::text as cache`;

interface RawTable {
  name: string;
  kind: string;
  columns: Column[];
  pk: string[];
  uniques: (string[] | null)[];
}

export async function loadSchema(db: Queryable, guardEmbeds = false): Promise<SchemaCache> {
  const { rows } = await db.query<{ cache: string }>(INTROSPECT);
  const raw = JSON.parse(rows[0]!.cache) as {
    tables: RawTable[];
    foreignKeys: ForeignKey[];
    routines: Routine[];
    roleSettings: [string, string, string][];
  };
  const roleSettings: Record<string, Record<string, string>> = {};
  for (const [role, name, value] of raw.roleSettings) {
    roleSettings[role] = { ...roleSettings[role], [name]: value };
  }
  const tables = new Map<string, Table>();
  for (const t of raw.tables) {
    tables.set(t.name, {
      name: t.name,
      kind: t.kind,
      columns: new Map(t.columns.map((c) => [c.name, c])),
      columnList: t.columns,
      pk: t.pk,
      uniques: t.uniques.filter((u): u is string[] => Array.isArray(u)),
    });
  }
  const routines = new Map<string, Routine[]>();
  for (const r of raw.routines) {
    const list = routines.get(r.name) ?? [];
    list.push(r);
    routines.set(r.name, list);
  }
  return { tables, foreignKeys: raw.foreignKeys, routines, roleSettings, guardEmbeds, loadedAt: Date.now() };
}

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
