import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { type JwtClaims, type Queryable, UnknownRoleError, withClaims } from '../db/index.ts';
import { BodyTooLargeError, bearerToken, readBody } from '../http.ts';
import type { FileStore } from './disk.ts';
import { ERRORS } from './errors.ts';

/** What the Storage API's handlers share. */
export interface StorageDeps {
  ctx: StackContext;
  files: FileStore;
  /** The stack's upload limit over every bucket (the CLI's `[storage] file_size_limit`). */
  maxUploadBytes: number;
}

/** Who is asking: the verified claims, or anon for routes that allow no or a bad token. */
export interface Caller {
  claims: JwtClaims;
  /** A verified token was sent (storage-api's request.isAuthenticated). */
  authenticated: boolean;
  /** The token's `sub`, recorded as the owner of what the caller writes. */
  owner: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** storage-api keeps `owner` (uuid) only when the subject is a UUID; `owner_id` keeps it always. */
export const ownerUuid = (owner: string | undefined): string | null =>
  owner !== undefined && UUID.test(owner) ? owner : null;

/**
 * The caller as storage-api's JWT plugin sees them: the bearer token verified with the project's
 * keys. A missing or bad token is AccessDenied with the verifier's message, except on the routes
 * that serve public buckets too (`allowInvalidJwt`), where the caller is anon.
 */
export async function identify(deps: StorageDeps, req: IncomingMessage, allowAnon: boolean): Promise<Caller> {
  const token = bearerToken(req);
  try {
    if (!token) throw new Error('Invalid Compact JWS');
    const claims = await deps.ctx.verifyJwt(token);
    return { claims, authenticated: true, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
  } catch (error) {
    if (allowAnon) return { claims: { role: 'anon' }, authenticated: false, owner: undefined };
    throw ERRORS.accessDenied((error as Error).message);
  }
}

/** Runs fn as the caller, as the REST API does: their role and claims, so RLS decides. */
export async function asCaller<T>(
  deps: StorageDeps,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await withClaims(deps.ctx.db, caller.claims, fn);
  } catch (error) {
    if (error instanceof UnknownRoleError) throw ERRORS.accessDenied(error.message);
    throw error;
  }
}

/** Runs fn as the stack's own database user (storage-api's asSuperUser): no RLS. */
export const asAdmin = <T>(deps: StorageDeps, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
  deps.ctx.db.transaction(fn);

const ROLLBACK = Symbol('permission test');

/**
 * storage-api's testPermission: runs a write as the caller and rolls it back, so RLS (and the
 * unique key) refuse a request before its body is read; the write itself comes later.
 */
export async function testPermission(
  deps: StorageDeps,
  caller: Caller,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await asCaller(deps, caller, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** A JSON request body (at most 1 MiB), as Fastify's parser takes it for storage-api's routes. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, 1024 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw ERRORS.entityTooLarge('request body');
    throw error;
  }
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw ERRORS.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ERRORS.invalidRequest('body must be object');
  }
  return value as Record<string, unknown>;
}

/** Fastify's schema checks of a body field, in its words ("body must have required property 'x'"). */
export const field = {
  string(body: Record<string, unknown>, key: string): string | undefined {
    const value = body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw ERRORS.invalidRequest(`body/${key} must be string`);
    return value;
  },
  requiredString(body: Record<string, unknown>, key: string): string {
    const value = field.string(body, key);
    if (value === undefined) throw ERRORS.invalidRequest(`body must have required property '${key}'`);
    return value;
  },
  integer(body: Record<string, unknown>, key: string, min: number): number | undefined {
    const value = body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw ERRORS.invalidRequest(`body/${key} must be integer`);
    }
    if (value < min) throw ERRORS.invalidRequest(`body/${key} must be >= ${min}`);
    return value;
  },
  boolean(body: Record<string, unknown>, key: string): boolean | undefined {
    const value = body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw ERRORS.invalidRequest(`body/${key} must be boolean`);
    return value;
  },
  strings(body: Record<string, unknown>, key: string, min: number, max: number): string[] {
    const value = body[key];
    if (value === undefined) throw ERRORS.invalidRequest(`body must have required property '${key}'`);
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw ERRORS.invalidRequest(`body/${key} must be array`);
    }
    if (value.length < min) throw ERRORS.invalidRequest(`body/${key} must NOT have fewer than ${min} items`);
    if (value.length > max) throw ERRORS.invalidRequest(`body/${key} must NOT have more than ${max} items`);
    return value as string[];
  },
};
