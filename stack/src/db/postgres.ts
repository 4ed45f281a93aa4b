import pg from 'pg';
import { Listener } from './listener.ts';
import type { Db, Queryable } from './types.ts';

const asText = (value: string): string => value;
const typeParsers = new Map<number, (value: string) => unknown>([
  [1082, asText], // date
  [1114, asText], // timestamp
  [1184, asText], // timestamptz
  [20, (value: string) => Number(value)], // int8
]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    typeParsers.get(oid) ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** PostgREST's db-pool-acquisition-timeout: a request waits this long for a connection, no more. */
const ACQUIRE_TIMEOUT_MS = 10_000;

/**
 * Hosted Supabase's PostgreSQL is built without LLVM, so no query is ever JIT-compiled there
 * (supabase/postgres#2296). Debian's PostgreSQL 15 has JIT on, and compiling a query whose
 * estimate passes jit_above_cost took longer than running it: the price derivation over every
 * ingredient, 163 ms with JIT against 31 without. The requests' connections start with it off,
 * after any options the URL already gives.
 */
function withoutJit(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', [url.searchParams.get('options'), '-c jit=off'].filter(Boolean).join(' '));
  return url.toString();
}

/**
 * A real PostgreSQL server: a pool for requests and one dedicated connection for LISTEN. The
 * server may restart under a running stack: broken connections are dropped and replaced on
 * demand, requests meanwhile fail with errors `connectionFault` recognises, and the LISTEN
 * connection comes back by itself (listener.ts).
 */
export async function openPostgres(
  databaseUrl: string,
  poolSize = 10,
  warn: (line: string) => void = () => undefined,
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: withoutJit(databaseUrl),
    max: poolSize,
    types,
    keepAlive: true,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
  });
  // A connection dying emits 'error' on its client; unheard, that ends the process. The pool
  // hears idle clients only, so every client gets its own listener, checked out or not. The
  // request using it sees the failure through its query.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listener = new Listener({ connectionString: databaseUrl, types }, warn);

  const wrap = (client: pg.PoolClient | pg.Pool): Queryable => ({
    query: async <R>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params as unknown[]);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as R[], affectedRows: last?.rowCount ?? 0 };
    },
    exec: async (sql) => void (await client.query(sql)),
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is not given to the next request.
        client.release(broken);
      }
    },
    listen: (channel, onPayload, events) => listener.listen(channel, onPayload, events),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
