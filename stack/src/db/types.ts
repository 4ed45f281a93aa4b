export interface QueryResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted by the last statement (0 for plain selects). */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with `$n` parameters. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migrations, seed). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

/**
 * What a listener hears about its connection besides notifications. Notifications sent between
 * the two are lost for good, so a listener that keeps state from them must catch up on
 * onRestored (PGlite runs in this process and never loses them).
 */
export interface ListenEvents {
  /** The listening connection dropped (e.g. PostgreSQL restarted); reconnecting with backoff. */
  onLost?(error: Error): void;
  /** Listening again, on every channel, after onLost. */
  onRestored?(): void;
}

/**
 * The one database the stack runs on. All of the stack's state lives here, so row-level
 * security, triggers and cron behave as on hosted Supabase.
 *
 * Type parsing is normalised across both kinds: dates and timestamps come back as the text
 * Postgres prints, int8 as a JS number, numeric as text. APIs that answer HTTP build their JSON
 * inside SQL, as PostgREST does, so they never depend on it.
 */
export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs fn in one transaction on one connection; rolls back if fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to the function that stops listening. */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
