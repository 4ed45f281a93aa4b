import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiModule, StackContext } from '../context.ts';
import { type JwtClaims, type Queryable, UnknownRoleError, withClaims } from '../db/index.ts';
import { BodyTooLargeError, bearerToken, readBody } from '../http.ts';
import { authenticate, JwtCache } from './auth.ts';
import { RestError, tableNotFound, toRestError } from './errors.ts';
import { runDelete, runInsert, runPut, runUpdate } from './mutate.ts';
import { openApi } from './openapi.ts';
import { negotiate, parsePreferences } from './prefer.ts';
import { runRead } from './read.ts';
import type { Outcome } from './respond.ts';
import { runRpc } from './rpc.ts';
import { closest, type SchemaCache } from './schema.ts';
import { readRestSettings } from './settings.ts';
import { SchemaStore } from './store.ts';

export interface RestOptions {
  /** Largest request body accepted (bytes); larger ones get 413. */
  maxBodyBytes?: number;
  /** Most rows a read returns; default `[api] max_rows` of supabase/config.toml. */
  maxRows?: number;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/** Codes that can mean the schema cache is stale: reload once and retry. */
const CACHE_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

/** PostgREST (`/rest/v1`) over the stack's database, as supabase-js sees it. */
export function createRestApi(ctx: StackContext, options: RestOptions = {}): ApiModule {
  const store = new SchemaStore(ctx.db);
  const started = store.start();
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const jwtCache = new JwtCache();
  const maxRows = options.maxRows ?? readRestSettings(ctx.config.root).maxRows;

  const send = (res: ServerResponse, out: Outcome): void => {
    const headers: Record<string, string> = { ...out.headers };
    if (out.body !== undefined) {
      headers['Content-Type'] ??= 'application/json; charset=utf-8';
      headers['Content-Length'] = String(Buffer.byteLength(out.body));
    }
    res.writeHead(out.status, headers);
    res.end(out.body);
  };

  const sendError = (res: ServerResponse, error: RestError): void => {
    const body = JSON.stringify(error.body());
    res.writeHead(error.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Proxy-Status': `PostgREST; error=${error.code}`,
      ...error.headers,
    });
    res.end(body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    let claims: JwtClaims | undefined;
    try {
      await started;
      const auth = await authenticate(ctx, bearerToken(req), jwtCache);
      claims = auth;
      const out = await route(req, path, url, auth);
      send(res, out);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        sendError(
          res,
          new RestError(
            413,
            '413',
            'Request size limit exceeded',
            `The request body exceeds ${error.limit} bytes`,
          ),
        );
        return;
      }
      if (error instanceof UnknownRoleError) {
        sendError(
          res,
          new RestError(401, '22023', error.message, null, null, { 'WWW-Authenticate': 'Bearer' }),
        );
        return;
      }
      const rest = toRestError(error, claims !== undefined && claims.role !== 'anon');
      if (rest.status >= 500) ctx.log.error?.(`[rest] ${req.method} ${url.pathname}: ${rest.message}`);
      sendError(res, rest);
    }
  }

  async function route(req: IncomingMessage, path: string, url: URL, claims: JwtClaims): Promise<Outcome> {
    const method = req.method ?? 'GET';
    // As PostgREST does: the caller's role, claims and the role's own settings (statement_timeout).
    const asCaller = (schema: SchemaCache, fn: (tx: Queryable) => Promise<Outcome>) =>
      withClaims(ctx.db, claims, fn, schema.roleSettings[claims.role]);
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    checkProfile(req, method);
    const prefs = parsePreferences(req);
    const media = negotiate(req);
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const head = method === 'HEAD';
    const { value: body, raw } = ['POST', 'PATCH', 'PUT'].includes(method)
      ? await readJson(req, maxBody)
      : { value: undefined, raw: '' };

    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw unsupported(method);
      const schema = await store.get();
      return {
        status: 200,
        headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
        body: openApi(schema, ctx.config.url),
      };
    }
    if (segments[0] === 'rpc' && segments.length === 2) {
      const name = segments[1]!;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      }
      return withSchema(async (schema) => {
        let args: Record<string, unknown>;
        const argKeys = new Set<string>();
        if (method === 'POST') {
          const value = body === undefined ? {} : body;
          if (typeof value !== 'object' || value === null || Array.isArray(value)) {
            throw new RestError(400, 'PGRST102', 'Empty or invalid json');
          }
          args = value as Record<string, unknown>;
        } else {
          // GET arguments are the query parameters naming the function's parameters.
          const names = new Set(
            (schema.routines.get(name) ?? []).flatMap((r) => r.params.map((p) => p.name)),
          );
          args = {};
          for (const [k, v] of url.searchParams) {
            if (
              names.has(k) ||
              (!k.includes('.') && !isReserved(k) && !/^(not\.)?[a-z]+(\([^)]*\))?\./.test(v))
            ) {
              args[k] = v;
              argKeys.add(k);
            }
          }
        }
        return asCaller(schema, (tx) =>
          runRpc(tx, {
            schema,
            name,
            args,
            argKeys,
            search: url.searchParams,
            range: method === 'POST' ? undefined : range,
            prefs,
            media,
            head,
            method: method === 'POST' ? 'POST' : 'GET',
            rawArgs: method === 'POST' && body !== undefined ? raw : undefined,
            maxRows,
          }),
        );
      });
    }
    if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    const tableName = segments[0]!;
    return withSchema(async (schema) => {
      const table = schema.tables.get(tableName);
      if (!table) throw tableNotFound(tableName, closest(tableName, schema.tables.keys()));
      const base = { schema, table, search: url.searchParams, prefs, media };
      switch (method) {
        case 'GET':
        case 'HEAD':
          return asCaller(schema, (tx) => runRead(tx, { ...base, range, head, maxRows }));
        case 'POST':
          return asCaller(schema, (tx) => runInsert(tx, { ...base, body, raw }));
        case 'PATCH':
          return asCaller(schema, (tx) => runUpdate(tx, { ...base, body, raw }));
        case 'PUT':
          return asCaller(schema, (tx) => runPut(tx, { ...base, body, raw }));
        case 'DELETE':
          return asCaller(schema, (tx) => runDelete(tx, { ...base, body: undefined, raw: '' }));
        default:
          throw unsupported(method);
      }
    });
  }

  /** Runs with the schema cache; a miss reloads it once (a migration may have just landed). */
  async function withSchema(fn: (schema: SchemaCache) => Promise<Outcome>): Promise<Outcome> {
    const schema = await store.get();
    try {
      return await fn(schema);
    } catch (error) {
      if (error instanceof RestError && CACHE_MISSES.has(error.code)) {
        const fresh = await store.refreshIfChanged();
        if (fresh !== schema) return fn(fresh);
      }
      throw error;
    }
  }

  return {
    handle,
    async close() {
      await store.close();
    },
  };
}

const isReserved = (k: string): boolean =>
  ['select', 'order', 'limit', 'offset', 'and', 'or', 'columns', 'on_conflict'].includes(k);

const unsupported = (method: string): RestError =>
  new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

/** Only `public` is exposed (Accept-Profile / Content-Profile), as in Supabase's default config. */
function checkProfile(req: IncomingMessage, method: string): void {
  const header =
    method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  if (typeof header === 'string' && header !== '' && header !== 'public') {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${header}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

/**
 * The body parsed, to know its shape, and as sent: the text is what reaches PostgreSQL, so the
 * column types decide every value (a 20-digit numeric stays exact, 1e400 is refused), as with
 * PostgREST, instead of passing through JavaScript numbers.
 */
async function readJson(req: IncomingMessage, limit: number): Promise<{ value: unknown; raw: string }> {
  const raw = (await readBody(req, limit)).toString('utf8');
  if (raw.length === 0) return { value: undefined, raw };
  try {
    return { value: JSON.parse(raw), raw };
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}
