import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { BodyTooLargeError, readBody } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';
import { authSettings } from './settings.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue exposes these to browsers (internal/api/api.go CORS ExposedHeaders). */
const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Location, Preference-Applied, X-Total-Count, X-Request-Id, Link, X-Supabase-Api-Version';

/** One request as the handlers see it. */
export interface AuthRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The client's address, for rate limits and the session row. */
  ip: string;
  userAgent: string | null;
}

export function makeRequest(req: IncomingMessage, res: ServerResponse, url: URL): AuthRequest {
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  const ua = req.headers['user-agent'];
  return { req, res, url, ip: req.socket.remoteAddress ?? '', userAgent: typeof ua === 'string' ? ua : null };
}

/** Whether the client asked for GoTrue's 2024-01-01 API (supabase-js always does). */
function wants2024(req: IncomingMessage): boolean {
  const value = req.headers[API_VERSION_HEADER];
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION_2024;
}

export function sendJson(
  r: AuthRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const extra: Record<string, string> = { ...headers };
  if (wants2024(r.req)) extra['X-Supabase-Api-Version'] = API_VERSION_2024;
  r.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...extra });
  r.res.end(JSON.stringify(body));
}

/**
 * GoTrue's error body (internal/api/errors.go): `{code, message}` for API version 2024-01-01,
 * the older `{code: <status>, error_code, msg}` otherwise; `x-sb-error-code` either way.
 */
export function sendError(r: AuthRequest, error: AuthError): void {
  const body = wants2024(r.req)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendJson(r, error.status, body, { 'x-sb-error-code': error.code });
}

export function redirect(r: AuthRequest, location: string): void {
  r.res.writeHead(303, { location });
  r.res.end();
}

export type Params = Record<string, unknown>;

/** The JSON body (an object), or `{}` when empty; GoTrue's bad_json otherwise. */
export async function readParams(r: AuthRequest): Promise<Params> {
  let raw: Buffer;
  try {
    raw = await readBody(r.req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
    }
    throw error;
  }
  const text = raw.toString('utf8').trim();
  if (!text) return {};
  const type = String(r.req.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(text));
    refuseNul(form);
    return form;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  refuseNul(parsed);
  return parsed as Params;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a value with one would fail deep inside a
 * query (22021) and answer 500; it is refused up front, as invalid input.
 */
function refuseNul(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw badRequest(
        'validation_failed',
        'The request contains a NUL character (\\u0000), which is not allowed',
      );
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      refuseNul(key);
      refuseNul(inner);
    }
  }
}

export const str = (params: Params, key: string): string => {
  const value = params[key];
  return typeof value === 'string' ? value : '';
};

export const obj = (params: Params, key: string): Record<string, unknown> | undefined => {
  const value = params[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function globToRegExp(glob: string): RegExp {
  // `**` crosses dots and slashes, `*` stays within one label, as GoTrue's glob allow list.
  const pattern = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/.]*'),
    )
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

/**
 * Where mails and /verify send the user: `redirect_to` when allowed, else the site URL, as
 * GoTrue's utilities.GetReferrer. Allowed are URLs on the site URL's host, the configured
 * additional redirect URLs (globs), and — because this stack only ever runs on one machine —
 * any loopback URL.
 */
export function resolveRedirect(ctx: StackContext, requested: string | null | undefined): string {
  const { siteUrl, additionalRedirectUrls } = authSettings(ctx);
  if (!requested) return siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return siteUrl;
  const site = new URL(siteUrl);
  if (target.hostname === site.hostname || LOOPBACK.has(target.hostname)) return requested;
  if (additionalRedirectUrls.some((glob) => globToRegExp(glob).test(requested))) return requested;
  return siteUrl;
}
