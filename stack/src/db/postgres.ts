import pg from 'pg';
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

/** A real PostgreSQL server: a pool for requests and one dedicated connection for LISTEN. */
export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types });
  // An idle client dying (server restart) must not take the stack down.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  // A promise, not the client: REST and Realtime both listen at start, and two callers racing
  // must share one connection rather than open two.
  let listener: Promise<pg.Client> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const wrap = (client: pg.PoolClient | pg.Pool): Queryable => ({
    query: async <R>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params as unknown[]);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as R[], affectedRows: last?.rowCount ?? 0 };
    },
    exec: async (sql) => void (await client.query(sql)),
  });

  const ensureListener = (): Promise<pg.Client> => {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: databaseUrl, types });
      await client.connect();
      client.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      client.on('error', (error) => console.error('[db] listener error:', error.message));
      return client;
    })();
    listener.catch(() => {
      listener = undefined;
    });
    return listener;
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      await listener?.then((client) => client.end()).catch(() => undefined);
      await pool.end();
    },
  };
}
