import type { Db } from '../db/index.ts';
import { type PolicyInfo, type VisibilityCheck, visibilityCheck } from './policies.ts';

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, as Supabase's `columns` lists it (realtime-js converts values by it). */
  type: string;
  /** The type as SQL names it (`atttypid::regtype`), to cast filter values to. */
  sqlType: string;
  /** Whether the subscriber's role may select the column. */
  selectable: boolean;
}

/** One table of the `supabase_realtime` publication, as seen by one role. */
export interface TableInfo {
  schema: string;
  table: string;
  key: string;
  rls: boolean;
  columns: ColumnInfo[];
  types: Map<string, string>;
  pk: string[];
  /** Tables with the same shape get the same change payload (same columns visible). */
  shape: string;
  /** Whether the role may see a row: a constant when no policy needs evaluating. */
  check: boolean | VisibilityCheck;
}

interface Row {
  schemaname: string;
  tablename: string;
  rls: boolean;
  columns: string;
  pk: string;
  policy: string;
  captured: boolean;
}

/**
 * The publication's tables matching a subscription's schema and table ('*' for any), with what
 * the change feed needs for them: columns and their privileges for `role`, primary key, whether
 * row-level security is on. Installs the capture trigger on any table that lacks it.
 */
export async function resolveTables(
  db: Db,
  schema: string,
  table: string,
  role: string,
): Promise<TableInfo[]> {
  const like = (v: string) => (v === '*' ? '%' : v.replace(/[\\%_]/g, '\\$&'));
  const { rows } = await db.query<Row>(
    `select p.schemaname, p.tablename, c.relrowsecurity as rls,
       (select coalesce(json_agg(json_build_object(
           'name', a.attname, 'type', t.typname, 'sqlType', a.atttypid::regtype::text,
           'selectable', has_column_privilege($3, c.oid, a.attnum, 'SELECT')) order by a.attnum), '[]')
          from pg_attribute a join pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::text as columns,
       (select coalesce(json_agg(a.attname), '[]')
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = c.oid and i.indisprimary)::text as pk,
       json_build_object(
         'privileged', has_table_privilege($3, c.oid, 'SELECT'),
         'bypass', (select r.rolbypassrls from pg_roles r where r.rolname = $3),
         'permissive', (select array_agg('(' || coalesce(pp.qual, 'true') || ')') from pg_policies pp
            where pp.schemaname = p.schemaname and pp.tablename = p.tablename and pp.cmd in ('SELECT', 'ALL')
              and pp.permissive = 'PERMISSIVE' and pp.roles && array[$3::name, 'public'::name]),
         'restrictive', (select array_agg('(' || coalesce(pp.qual, 'true') || ')') from pg_policies pp
            where pp.schemaname = p.schemaname and pp.tablename = p.tablename and pp.cmd in ('SELECT', 'ALL')
              and pp.permissive = 'RESTRICTIVE' and pp.roles && array[$3::name, 'public'::name])
       )::text as policy,
       exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'realtime_capture') as captured
     from pg_publication_tables p
     join pg_namespace n on n.nspname = p.schemaname
     join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
     where p.pubname = 'supabase_realtime' and p.schemaname like $1 and p.tablename like $2
     order by p.schemaname, p.tablename`,
    [like(schema), like(table), role],
  );
  if (rows.some((r) => !r.captured)) await db.query('select realtime.sync_capture_triggers()');
  return rows.map((r) => {
    const columns = JSON.parse(r.columns) as ColumnInfo[];
    const pk = JSON.parse(r.pk) as string[];
    return {
      schema: r.schemaname,
      table: r.tablename,
      key: `${r.schemaname}.${r.tablename}`,
      rls: r.rls,
      columns,
      types: new Map(columns.map((c) => [c.name, c.type])),
      pk,
      shape: `${r.schemaname}.${r.tablename}|${columns.map((c) => `${c.name}:${c.type}:${c.selectable}`).join(',')}`,
      check: visibilityCheck(r.schemaname, r.tablename, r.rls, JSON.parse(r.policy) as PolicyInfo),
    };
  });
}
