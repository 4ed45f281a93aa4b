import { PGlite, types } from '@electric-sql/pglite';
import { Mutex } from './mutex.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

const asText = (value: string): string => value;

/** Parsers that make PGlite return what node-postgres returns with the same settings. */
const parsers = {
  [types.DATE]: asText,
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.NUMERIC]: asText,
  [types.INT8]: (value: string): number => Number(value),
};

/**
 * node-postgres sends every string parameter as text and lets the server judge it; PGlite's own
 * serializers refuse some in JavaScript ('' for a boolean threw "Invalid input for boolean
 * type", answered 500). These pass strings through, so PostgreSQL answers 22P02 as it does there.
 */
const asSent = (value: unknown): string => (typeof value === 'boolean' ? (value ? 't' : 'f') : String(value));
const serializers = { [types.BOOL]: asSent, [types.BYTEA]: asSent };

/**
 * PGlite (Postgres compiled to WASM) in this process. One connection: every call is queued on
 * one mutex, and a transaction holds it from BEGIN to COMMIT so nothing else interleaves.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir ? { dataDir, parsers, serializers } : { parsers, serializers });
  const lock = new Mutex();

  const run = async <R>(q: Queryable | PGlite, sql: string, params?: unknown[]): Promise<QueryResult<R>> => {
    const result = await (q as PGlite).query<R>(sql, params as never);
    return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
  };

  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => lock.run(() => run(pg, sql, params)),
    exec: (sql) => lock.run(async () => void (await pg.exec(sql))),
    transaction: (fn) =>
      lock.run(() =>
        pg.transaction((tx) =>
          fn({
            query: async <R>(sql: string, params?: unknown[]) => {
              const r = await tx.query<R>(sql, params as never);
              return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
            },
            exec: async (sql) => void (await tx.exec(sql)),
          }),
        ),
      ),
    listen: async (channel, onPayload) => {
      const unlisten = await lock.run(() => pg.listen(channel, onPayload));
      return () => lock.run(() => unlisten());
    },
    close: () => lock.run(() => pg.close()),
  };
  return db;
}
