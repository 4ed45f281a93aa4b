import type { Db } from '../db/index.ts';
import type { ChangeSink, PgSubscription } from './feed.ts';
import { checkFilters } from './filter-check.ts';
import { type Filter, inspectFilters, parseFilters } from './filters.ts';
import { resolveTables } from './tables.ts';

/** A postgres_changes entry of a join's config, as the client sent it. */
export type BindingParams = Record<string, unknown>;

/**
 * The id Supabase gives a binding: a hash of its params (Erlang's phash2 there, FNV-1a here),
 * in the same 27-bit range. realtime-js matches a change's `ids` against it.
 */
export function bindingId(params: BindingParams): number {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff;
}

interface Parsed {
  event: string;
  schema: string;
  table: string;
  filters: Filter[];
}

const actionFilter = (event: unknown): string => {
  const upper = typeof event === 'string' ? event.toUpperCase() : '*';
  return ['INSERT', 'UPDATE', 'DELETE'].includes(upper) ? upper : '*';
};

/** Supabase's parse_subscription_params: which combinations of schema/table/filter are accepted. */
function parse(params: BindingParams): Parsed | { error: string } {
  const { schema, table, filter } = params;
  const event = actionFilter(params.event);
  const has = (k: string) => k in params && params[k] !== undefined;
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const parsed = parseFilters(filter);
    if ('error' in parsed) return parsed;
    return { event, schema, table, filters: parsed.filters };
  }
  if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    return { event, schema, table, filters: [] };
  }
  if (typeof schema === 'string' && !has('table') && !has('filter'))
    return { event, schema, table: '*', filters: [] };
  if (typeof table === 'string' && !has('schema') && !has('filter'))
    return { event, schema: 'public', table, filters: [] };
  return {
    error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
  };
}

const paramsToLog = (p: Parsed) =>
  `[event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: ${inspectFilters(p.filters)}, select: nil]`;

/**
 * Turns a join's postgres_changes config into subscriptions, or Supabase's error message for the
 * first one that cannot be subscribed (then none is, as Supabase rolls the whole set back).
 */
export async function subscribe(
  db: Db,
  role: string,
  list: BindingParams[],
  sink: ChangeSink,
): Promise<{ subs: PgSubscription[] } | { error: string }> {
  const subs: PgSubscription[] = [];
  for (const params of list) {
    const parsed = parse(params);
    if ('error' in parsed) return parsed;
    const tables = await resolveTables(db, parsed.schema, parsed.table, role);
    if (tables.length === 0) {
      return {
        error: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${paramsToLog(parsed)}`,
      };
    }
    for (const table of tables) {
      const invalid = await checkFilters(db, table, parsed.filters);
      if (invalid) {
        return {
          error: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${paramsToLog(parsed)}. Exception: ${invalid}`,
        };
      }
      subs.push({ id: bindingId(params), event: parsed.event, filters: parsed.filters, table, sink });
    }
  }
  return { subs };
}
