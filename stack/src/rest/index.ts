import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiModule, StackContext } from '../context.ts';
import { type JwtClaims, type Queryable, UnknownRoleError, withClaims } from '../db/index.ts';
import { BodyTooLargeError, bearerToken, readBody } from '../http.ts';
import { JwtCache } from '../jwt-cache.ts';
import { authenticate } from './auth.ts';
import { RestError, tableNotFound, toRestError } from './errors.ts';
import { parseFilterValue } from './grammar.ts';
import { runDelete, runInsert, runPut, runUpdate } from './mutate.ts';
import { openApi } from './openapi.ts';
import { checkPreferences, negotiate, parsePreferences } from './prefer.ts';
import { runRead } from './read.ts';
import type { Outcome } from './respond.ts';
import { type BodyType, type RpcRequest, runRpc, runsReadOnly } from './rpc.ts';
import { closest, type SchemaCache } from './schema.ts';
import { type RestSettings, readRestSettings } from './settings.ts';
import { SchemaStore } from './store.ts';

export interface RestOptions {
  /** Largest request body accepted (bytes); larger ones get 413. */
  maxBodyBytes?: number;
  /** Most rows a read returns; default `[api] max_rows` of supabase/config.toml. */
  maxRows?: number;
  /** Settings over those of config.toml and the database (tests). */
  settings?: Partial<RestSettings>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/** Codes that can mean the schema cache is stale: reload once and retry. */
const CACHE_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

/** Thrown inside the request's transaction to roll it back and still answer (Prefer: tx=rollback). */
class RollbackWith extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back');
  }
}

/** PostgREST (`/rest/v1`) over the stack's database, as supabase-js sees it. */
export function createRestApi(ctx: StackContext, options: RestOptions = {}): ApiModule {
  const fileSettings = readRestSettings(ctx.config.root);
  const fixed: Partial<RestSettings> = { ...options.settings };
  if (options.maxRows !== undefined) fixed.maxRows = options.maxRows;
  const store = new SchemaStore(ctx.db, fileSettings, fixed);
  const started = store.start();
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const jwtCache = new JwtCache();

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
    const settings = await store.currentSettings();
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const { schemaName, profile } = negotiateProfile(req, method, settings.schemas);
    const prefs = parsePreferences(req, settings.txEnd);
    const media = negotiate(req, settings.planEnabled);
    // RFC 9110: only a GET honours Range, as in PostgREST's getRanges (ApiRequest.hs).
    const range = method === 'GET' && typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const head = method === 'HEAD';
    const bodyType = requestBodyType(req);
    const payload = ['POST', 'PATCH', 'PUT'].includes(method)
      ? await readPayload(req, maxBody, segments[0] === 'rpc' ? bodyType : 'json')
      : { value: undefined, raw: '' as string | Buffer };
    // As PostgREST does: the caller's role, claims, the role's own settings (statement_timeout)
    // and the search path of the request's schema; ended as db-tx-end and Prefer: tx say.
    const rollback =
      prefs.tx === 'rollback' || (settings.txEnd.startsWith('rollback') && prefs.tx !== 'commit');
    const asCaller = async (
      schema: SchemaCache,
      fn: (tx: Queryable) => Promise<Outcome>,
      readOnly = false,
    ) => {
      const extra: Record<string, string> = {
        search_path: [schemaName, ...settings.extraSearchPath]
          .map((s) => `"${s.replaceAll('"', '""')}"`)
          .join(', '),
        ...schema.roleSettings[claims.role],
        // SET TRANSACTION READ ONLY, with the claims: a statement fewer per call.
        ...(readOnly ? { transaction_read_only: 'on' } : {}),
      };
      try {
        return await withClaims(
          ctx.db,
          claims,
          async (tx) => {
            const out = await fn(tx);
            if (rollback) {
              await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
              throw new RollbackWith(out);
            }
            return out;
          },
          extra,
        );
      } catch (error) {
        if (error instanceof RollbackWith) return error.outcome;
        throw error;
      }
    };

    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw unsupported(method);
      const schema = await store.get(schemaName);
      return {
        status: 200,
        headers: { 'Content-Type': 'application/openapi+json; charset=utf-8', ...profile },
        ...(head ? {} : { body: openApi(schema, ctx.config.url) }),
      };
    }
    if (segments[0] === 'rpc' && segments.length === 2) {
      const name = segments[1]!;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      }
      return withSchema(schemaName, async (schema) => {
        let args: Record<string, unknown> = {};
        const argKeys = new Set<string>();
        if (method === 'POST') {
          if (bodyType === 'json' || bodyType === 'form') {
            const value = payload.value === undefined ? {} : payload.value;
            if (typeof value !== 'object' || value === null || Array.isArray(value)) {
              throw new RestError(400, 'PGRST102', 'Empty or invalid json');
            }
            args = value as Record<string, unknown>;
          }
        } else {
          // QueryParams.hs: a parameter whose value is no operator expression is an argument.
          for (const [k, v] of url.searchParams) {
            if (isReserved(k) || v === '' || isOperatorExpression(v)) continue;
            const key = k.includes('.') ? k.slice(k.lastIndexOf('.') + 1) : k;
            args[key] = v;
            argKeys.add(k);
          }
        }
        checkPreferences(prefs);
        const call: RpcRequest = {
          schema,
          name,
          args,
          argKeys,
          bodyType: method === 'POST' ? bodyType : 'json',
          search: url.searchParams,
          range,
          prefs,
          media,
          head,
          method: method === 'POST' ? 'POST' : 'GET',
          rawArgs:
            method === 'POST' && bodyType !== 'form' && payload.raw.length > 0 ? payload.raw : undefined,
          maxRows: settings.maxRows,
          aggregates: settings.aggregatesEnabled,
          profile,
        };
        return asCaller(schema, (tx) => runRpc(tx, call), runsReadOnly(call));
      });
    }
    if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    const tableName = segments[0]!;
    return withSchema(schemaName, async (schema) => {
      const table = schema.tables.get(tableName);
      if (!table) throw tableNotFound(schema.name, tableName, closest(tableName, schema.tables.keys()));
      checkPreferences(prefs);
      const body = payload.value;
      const raw = typeof payload.raw === 'string' ? payload.raw : payload.raw.toString('utf8');
      const base = {
        schema,
        table,
        search: url.searchParams,
        prefs,
        media,
        aggregates: settings.aggregatesEnabled,
        profile,
      };
      switch (method) {
        case 'GET':
        case 'HEAD':
          return asCaller(schema, (tx) => runRead(tx, { ...base, range, head, maxRows: settings.maxRows }));
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
  async function withSchema(name: string, fn: (schema: SchemaCache) => Promise<Outcome>): Promise<Outcome> {
    const schema = await store.get(name);
    try {
      return await fn(schema);
    } catch (error) {
      if (error instanceof RestError && CACHE_MISSES.has(error.code)) {
        const fresh = await store.refreshIfChanged(name);
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

/** Keys PostgREST never reads as filters or RPC arguments (QueryParams.hs reserved, reservedEmbeddable). */
const isReserved = (k: string): boolean =>
  ['select', 'columns', 'on_conflict'].includes(k) ||
  ['order', 'limit', 'offset', 'and', 'or'].includes(k.slice(k.lastIndexOf('.') + 1));

function isOperatorExpression(value: string): boolean {
  try {
    parseFilterValue(value);
    return true;
  } catch {
    return false;
  }
}

const unsupported = (method: string): RestError =>
  new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

/**
 * The schema of a request (ApiRequest.hs getSchema): Accept-Profile for GET/HEAD, Content-Profile
 * for POST/PATCH/PUT/DELETE, else the first exposed schema; one not exposed is PGRST106.
 * Responses name it in Content-Profile whenever the client could choose (a profile header was
 * sent, or more than one schema is exposed, as with Supabase's `public, graphql_public`).
 */
function negotiateProfile(
  req: IncomingMessage,
  method: string,
  schemas: string[],
): { schemaName: string; profile: Record<string, string> } {
  const header = ['DELETE', 'PATCH', 'POST', 'PUT'].includes(method)
    ? req.headers['content-profile']
    : req.headers['accept-profile'];
  const requested = typeof header === 'string' ? header : undefined;
  if (requested !== undefined && !schemas.includes(requested)) {
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
  }
  const schemaName = requested ?? schemas[0]!;
  const negotiated = requested !== undefined || schemas.length !== 1;
  return { schemaName, profile: negotiated ? { 'Content-Profile': schemaName } : {} };
}

/** The request body's media type, as PostgREST decodes Content-Type (JSON when none is given). */
function requestBodyType(req: IncomingMessage): BodyType {
  const type = String(req.headers['content-type'] ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/json' || type === '') return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return type.endsWith('+json') ? 'json' : 'other';
}

/**
 * The body parsed, to know its shape, and as sent: the text is what reaches PostgreSQL, so the
 * column types decide every value (a 20-digit numeric stays exact, 1e400 is refused), as with
 * PostgREST, instead of passing through JavaScript numbers. A function's text, xml or bytea
 * parameter gets the body as it is.
 */
async function readPayload(
  req: IncomingMessage,
  limit: number,
  type: BodyType,
): Promise<{ value: unknown; raw: string | Buffer }> {
  const buffer = await readBody(req, limit);
  if (type === 'bytea') return { value: undefined, raw: buffer };
  const raw = buffer.toString('utf8');
  if (type === 'text' || type === 'xml') return { value: undefined, raw };
  if (type === 'form') return { value: Object.fromEntries(new URLSearchParams(raw)), raw };
  if (raw.length === 0) return { value: undefined, raw };
  try {
    return { value: JSON.parse(raw), raw };
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}
