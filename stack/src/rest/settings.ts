import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import type { Queryable } from '../db/index.ts';

/** PostgREST's db-tx-end: whether requests commit, and whether `Prefer: tx=` may change that. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface RestSettings {
  /** `[api] max_rows`: PostgREST's db-max-rows, the most rows a read returns (Supabase: 1000). */
  maxRows: number | undefined;
  /** `[api] schemas`: PostgREST's db-schemas; the first is the default. */
  schemas: string[];
  /** `[api] extra_search_path`: PostgREST's db-extra-search-path. */
  extraSearchPath: string[];
  /** PostgREST's db-aggregates-enabled (off, as on hosted Supabase until enabled). */
  aggregatesEnabled: boolean;
  /** PostgREST's db-plan-enabled: `Accept: application/vnd.pgrst.plan` (off by default). */
  planEnabled: boolean;
  txEnd: TxEnd;
}

/** What `supabase start` gives PostgREST when config.toml says nothing (the CLI's defaults). */
export const REST_DEFAULTS: RestSettings = {
  maxRows: 1000,
  schemas: ['public', 'graphql_public'],
  extraSearchPath: ['public', 'extensions'],
  aggregatesEnabled: false,
  planEnabled: false,
  txEnd: 'commit',
};

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;

/** The API settings of `supabase/config.toml`, as `supabase start` hands them to PostgREST. */
export function readRestSettings(root: string): RestSettings {
  let api: Record<string, unknown> = {};
  try {
    const toml = parse(readFileSync(join(root, 'supabase', 'config.toml'), 'utf8')) as { api?: unknown };
    if (typeof toml.api === 'object' && toml.api !== null) api = toml.api as Record<string, unknown>;
  } catch {
    // No readable config.toml: the CLI's defaults.
  }
  const maxRows = api.max_rows;
  return {
    ...REST_DEFAULTS,
    maxRows: typeof maxRows === 'number' && maxRows > 0 ? maxRows : REST_DEFAULTS.maxRows,
    schemas: strings(api.schemas)?.filter(Boolean) ?? REST_DEFAULTS.schemas,
    extraSearchPath: strings(api.extra_search_path) ?? REST_DEFAULTS.extraSearchPath,
  };
}

/**
 * PostgREST's in-database configuration (Config/Database.hs queryDbSettings): `pgrst.*`
 * settings of the role PostgREST logs in as, `authenticator`, the database-specific ones first.
 * This is how hosted Supabase lets a project switch on aggregates or `explain()`:
 * `alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`
 */
const DB_SETTINGS = `
select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
from (
  select s.setdatabase as database, substr(c, 1, strpos(c, '=') - 1) as k, substr(c, strpos(c, '=') + 1) as v
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator'
  cross join unnest(s.setconfig) c
  where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
) kv
where k like 'pgrst.%'
order by key, database desc`;

const bool = (value: string): boolean | undefined => {
  const v = value.trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(v)) return true;
  if (['false', 'off', 'no', '0'].includes(v)) return false;
  return undefined;
};

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const TX_ENDS = new Set<TxEnd>(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']);

export async function readDbSettings(db: Queryable): Promise<Partial<RestSettings>> {
  const { rows } = await db.query<{ key: string; value: string }>(DB_SETTINGS);
  const out: Partial<RestSettings> = {};
  for (const { key, value } of rows) {
    switch (key) {
      case 'db_aggregates_enabled': {
        const b = bool(value);
        if (b !== undefined) out.aggregatesEnabled = b;
        break;
      }
      case 'db_plan_enabled': {
        const b = bool(value);
        if (b !== undefined) out.planEnabled = b;
        break;
      }
      case 'db_tx_end':
        if (TX_ENDS.has(value as TxEnd)) out.txEnd = value as TxEnd;
        break;
      case 'db_max_rows': {
        const n = Number(value);
        if (Number.isInteger(n) && n > 0) out.maxRows = n;
        break;
      }
      case 'db_schemas':
        if (list(value).length > 0) out.schemas = list(value);
        break;
      case 'db_extra_search_path':
        out.extraSearchPath = list(value);
        break;
    }
  }
  return out;
}
