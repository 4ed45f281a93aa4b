import { connectionFault, RETRY_AFTER_SECONDS } from '../db/index.ts';

/**
 * PostgREST's error responses: `{code, details, hint, message}` and the HTTP status PostgREST
 * maps each code to (PostgREST src/library/PostgREST/Error.hs, docs/references/errors.rst).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | unknown[] | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter that does not parse; the message names the parameter and position. */
export function parseError(what: string, input: string, position: number, details: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${position + 1})`,
    details,
  );
}

export const columnNotFound = (table: string, column: string): RestError =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export function tableNotFound(schema: string, name: string, suggestion?: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

export function singularityError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** The HTTP status PostgREST gives a SQLSTATE (mapSQLtoHTTP in Error.hs). */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === 'P0001') return 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  const prefix = code.slice(0, 2);
  if (prefix === 'PT') {
    const custom = Number(code.slice(2));
    return Number.isInteger(custom) && custom >= 100 && custom <= 599 ? custom : 500;
  }
  const table: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return table[prefix] ?? 400;
}

/** PostgREST's messages when the database cannot be reached (ConnectionUsageError, ClientError). */
const UNREACHABLE = {
  connect: [503, 'PGRST000', 'Database connection error. Retrying the connection.'],
  lost: [503, 'PGRST001', 'Database client error. Retrying the connection.'],
  timeout: [504, 'PGRST003', 'Timed out acquiring connection from connection pool.'],
} as const;

/** PostgREST sends Retry-After with every 503: when its connection worker tries again. */
function withRetryAfter(error: RestError): RestError {
  if (error.status !== 503 || error.headers['Retry-After']) return error;
  const headers = { ...error.headers, 'Retry-After': String(RETRY_AFTER_SECONDS) };
  return new RestError(503, error.code, error.message, error.details, error.hint, headers);
}

/** Turns whatever a request threw into PostgREST's error response. */
export function toRestError(error: unknown, authenticated: boolean): RestError {
  return withRetryAfter(mapError(error, authenticated));
}

function mapError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  const fault = connectionFault(error);
  if (fault) {
    const [status, code, message] = UNREACHABLE[fault];
    return new RestError(status, code, message, fault === 'timeout' ? null : (error as Error).message);
  }
  const pg = error as PgErrorLike;
  if (error && typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    const message = String(pg.message ?? '');
    const status = statusForSqlState(pg.code, message, authenticated);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(
      status,
      pg.code,
      message,
      typeof pg.detail === 'string' ? pg.detail : null,
      typeof pg.hint === 'string' ? pg.hint : null,
      headers,
    );
  }
  return new RestError(500, 'PGRSTX00', error instanceof Error ? error.message : String(error));
}
