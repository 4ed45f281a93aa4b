import { jwtKeys } from '../context.ts';
import type { Reply } from './buckets.ts';
import { asAdmin, asCaller, type Caller, field, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { findObject, type ObjectRow } from './rows.ts';

/** storage-api's token scopes (internal/auth/jwt.ts): a download token never uploads. */
const SCOPE_DOWNLOAD = 'download';
/** The largest expiresIn whose exp still fits a JavaScript date (assertValidNumericJWTExpiration). */
const MAX_EXPIRES_IN = Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000);

function expiresIn(body: Record<string, unknown>): number {
  const seconds = field.integer(body, 'expiresIn', 1);
  if (seconds === undefined) throw ERRORS.invalidRequest("body must have required property 'expiresIn'");
  if (seconds > MAX_EXPIRES_IN) throw ERRORS.invalidRequest('body/expiresIn is too large');
  return seconds;
}

/** A download token as storage-api signs it: HS256 with the project's JWT secret. */
function sign(deps: StorageDeps, url: string, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return deps.ctx.signJwt({ url, scope: SCOPE_DOWNLOAD, iat: now, exp: now + seconds });
}

const signedPath = (url: string, token: string): string => `/object/sign/${url}?token=${token}`;

/** POST /object/sign/:bucket/:key (createSignedUrl): the object must be one the caller can read. */
export async function signObjectUrl(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  key: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const seconds = expiresIn(body);
  mustBeValidKey(key);
  await asCaller(deps, caller, (tx) => findObject(tx, bucketId, key));
  const url = `${bucketId}/${key}`;
  return { status: 200, body: { signedURL: signedPath(url, await sign(deps, url, seconds)) } };
}

/** POST /object/sign/:bucket (createSignedUrls): one entry per path, an error where none is readable. */
export async function signObjectUrls(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const seconds = expiresIn(body);
  const paths = field.strings(body, 'paths', 1, 1000);
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    ),
  );
  const readable = new Set(rows.map((r) => r.name));
  const list = await Promise.all(
    paths.map(async (path) => {
      if (!readable.has(path)) {
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      }
      const url = `${bucketId}/${path}`;
      return { error: null, path, signedURL: signedPath(url, await sign(deps, url, seconds)) };
    }),
  );
  return { status: 200, body: list };
}

/**
 * GET /object/sign/:bucket/:key?token=: the token must verify, be scoped for download and name
 * exactly this object (storage-api's verifyObjectSignature); the object is then served whatever
 * the caller, until the token's exp (sent as Expires).
 */
export async function verifySignedUrl(
  deps: StorageDeps,
  bucketId: string,
  key: string,
  token: string | null,
): Promise<{ object: ObjectRow; expires: string }> {
  if (!token) throw ERRORS.invalidRequest("querystring must have required property 'token'");
  mustBeValidBucketName(bucketId);
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtKeys(deps.ctx.config).verify(token)) as Record<string, unknown>;
  } catch (error) {
    throw ERRORS.invalidJwt((error as Error).message);
  }
  const scoped = payload.scope === SCOPE_DOWNLOAD || (payload.scope === undefined && !('upsert' in payload));
  if (!scoped) throw ERRORS.invalidSignature(`Token is not scoped for ${SCOPE_DOWNLOAD}`);
  if (payload.url !== `${bucketId}/${key}`) throw ERRORS.invalidSignature();
  const exp = typeof payload.exp === 'number' ? payload.exp : 0;
  if (exp * 1000 < Date.now()) throw ERRORS.expiredSignature();
  mustBeValidKey(key);
  const object = await asAdmin(deps, (tx) => findObject(tx, bucketId, key));
  return { object, expires: new Date(exp * 1000).toUTCString() };
}
