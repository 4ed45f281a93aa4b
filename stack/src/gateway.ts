import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { compressLikeTheGateway } from './compress.ts';
import type { ApiModule, StackContext } from './context.ts';
import { sendJson } from './http.ts';

/** Headers supabase-js and browsers send; echoed back on preflight when the request names none. */
const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-supabase-api-version, x-upsert, x-metadata, cache-control, x-region';
const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Location, Preference-Applied, X-Total-Count, X-Request-Id, X-Supabase-Api-Version, Link';

function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/**
 * How long a client may take to send its request, so a slow or stalled client (one that sends
 * a request line and never finishes its headers) cannot hold a connection: Node answers 408
 * and closes it, as a reverse proxy in front of hosted Supabase would. Once a request has
 * arrived, its response may take as long as it needs (a long function call, a slow query).
 */
export interface HttpLimits {
  /** Until the request's headers are complete (Node's server.headersTimeout). */
  headersTimeoutMs?: number;
  /** Until the whole request, body included, has arrived (Node's server.requestTimeout). */
  requestTimeoutMs?: number;
}

const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

export interface Mounts {
  rest: ApiModule;
  auth: ApiModule;
  realtime: ApiModule;
  functions: ApiModule;
  storage: ApiModule;
  mail: ApiModule;
}

const PREFIXES: [string, keyof Mounts][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/realtime/v1', 'realtime'],
  ['/functions/v1', 'functions'],
  ['/storage/v1', 'storage'],
  ['/_local/mail', 'mail'],
];

function route(pathname: string): { api: keyof Mounts; rest: string } | undefined {
  for (const [prefix, api] of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { api, rest: pathname.slice(prefix.length) || '/' };
    }
  }
  return undefined;
}

/**
 * One HTTP server for every API, as Supabase's API gateway: CORS, request logging, routing
 * by prefix. Edge Functions answer their own CORS preflight (as on hosted Supabase), so the
 * gateway passes OPTIONS through to them.
 */
export function createGateway(ctx: StackContext, mounts: Mounts, limits: HttpLimits = {}): Server {
  const headersTimeout = limits.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(limits.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const options: ServerOptions = {
    headersTimeout,
    requestTimeout,
    // Node looks for expired requests this often (30 s by default, far longer than the timeouts).
    connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 2)),
  };
  const server = createServer(options, async (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', ctx.config.url);
    const target = route(url.pathname);
    res.on('finish', () => {
      ctx.log.info(
        `${req.method} ${url.pathname} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`,
      );
    });
    try {
      if (target?.api !== 'functions') {
        applyCors(req, res);
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
            'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
            'Access-Control-Max-Age': '3600',
          });
          res.end();
          return;
        }
      }
      if (!target) {
        if (url.pathname === '/' || url.pathname === '/health') {
          return sendJson(res, 200, { name: 'larder local stack', status: 'ok' });
        }
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      if (target.api === 'rest' || target.api === 'auth') compressLikeTheGateway(req, res);
      await mounts[target.api].handle(req, res, target.rest, url);
    } catch (error) {
      ctx.log.error(`${req.method} ${url.pathname} failed`, error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.end();
    }
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', ctx.config.url);
    const target = route(url.pathname);
    const handler = target ? mounts[target.api].handleUpgrade : undefined;
    if (!handler) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    handler.call(mounts[target!.api], req, socket, head);
  });
  return server;
}
