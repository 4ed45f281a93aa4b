/**
 * Errors that mean the database could not be reached, not that a statement failed: the APIs
 * answer them with 503 and Retry-After (PostgREST's PGRST000/PGRST001) instead of 500, because
 * retrying later works once PostgreSQL is back.
 */

/**
 * - `connect`: no connection could be opened (server down, starting up or full).
 * - `lost`: an open connection broke under a request (server restarted or killed).
 * - `timeout`: no pooled connection became free in time (PostgREST's PGRST003).
 */
export type ConnectionFault = 'connect' | 'lost' | 'timeout';

/** Seconds a client should wait before retrying a request that met a ConnectionFault. */
export const RETRY_AFTER_SECONDS = 1;

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  // Sent by the server before a session exists: starting up or shutting down, too many clients.
  '57P03',
  '53300',
]);
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE']);

export function connectionFault(error: unknown): ConnectionFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECT_CODES.has(code)) return 'connect';
  if (typeof code === 'string' && LOST_CODES.has(code)) return 'lost';
  // node-postgres's own messages: its errors for these carry no code.
  const message = error.message;
  if (message === 'timeout exceeded when trying to connect') return 'timeout';
  if (message === 'Connection terminated due to connection timeout') return 'connect';
  if (message.startsWith('Connection terminated') || message.endsWith('is not queryable')) return 'lost';
  return undefined;
}
