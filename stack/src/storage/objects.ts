import type { Reply } from './buckets.ts';
import { asAdmin, asCaller, type Caller, field, ownerUuid, type StorageDeps } from './caller.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { findBucket, findObject, isoTime, type ObjectRow, objectJson } from './rows.ts';
import { canUpload, completeWrite, type ObjectWrite } from './upload.ts';

const ok = (body: unknown): Reply => ({ status: 200, body });

const SEARCH_SORT = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/**
 * The object a download, HEAD or info request names, as storage-api's getObject and
 * getObjectInfo find it: without a verified token only a public bucket serves anything; in a
 * public bucket every object is readable; in a private one the caller's RLS decides.
 */
export async function objectToServe(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  key: string,
  publicRoute: boolean,
): Promise<ObjectRow> {
  mustBeValidBucketName(bucketId);
  const bucket = await asAdmin(deps, async (tx) => {
    try {
      return await findBucket(tx, bucketId, publicRoute);
    } catch {
      return undefined;
    }
  });
  if (!bucket || (!caller.authenticated && !bucket.public)) throw ERRORS.noSuchBucket();
  mustBeValidKey(key);
  if (bucket.public) return asAdmin(deps, (tx) => findObject(tx, bucketId, key));
  return asCaller(deps, caller, (tx) => findObject(tx, bucketId, key));
}

/** GET /object/info/…: storage-api's InfoRenderer body. */
export function objectInfo(object: ObjectRow): Record<string, unknown> {
  const meta = object.metadata ?? {};
  return {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: object.user_metadata,
    last_modified: object.updated_at,
    created_at: object.created_at,
  };
}

/** POST /object/list/:bucket (list): one level under the prefix through storage.search, as the caller. */
export async function listObjects(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  let prefix = field.requiredString(body, 'prefix');
  const limit = field.integer(body, 'limit', 1) ?? 100;
  const offset = field.integer(body, 'offset', 0) ?? 0;
  const search = field.string(body, 'search') ?? '';
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== 'object' || sortBy === null)
    throw ERRORS.invalidRequest('body/sortBy must be object');
  const column = sortBy.column ?? 'name';
  const order = sortBy.order ?? 'asc';
  if (typeof column !== 'string' || !SEARCH_SORT.has(column)) {
    throw ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  if (order !== 'asc' && order !== 'desc') {
    throw ERRORS.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  }
  // storage-api: a prefix is always a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const levels = `${prefix}${search}`.split('/').length;
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ list: unknown[] }>(
      `select coalesce(json_agg(json_build_object(
          'name', s.name, 'id', s.id, 'updated_at', ${isoTime('s.updated_at')},
          'created_at', ${isoTime('s.created_at')}, 'last_accessed_at', ${isoTime('s.last_accessed_at')},
          'metadata', s.metadata) order by s.n), '[]'::json) as list
         from storage.search($1, $2, $3, $4, $5, $6, $7, $8)
           with ordinality as s(name, id, updated_at, created_at, last_accessed_at, metadata, n)`,
      [prefix, bucketId, limit, levels, offset, search, column, order],
    ),
  );
  return ok(rows[0]?.list ?? []);
}

/** DELETE /object/:bucket (remove): deletes what the caller's RLS lets them; lists what went. */
export async function removeObjects(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const prefixes = field.strings(body, 'prefixes', 1, 1000);
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ j: unknown; version: string | null }>(
      `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
       returning ${objectJson('o')} as j, o.version`,
      [bucketId, prefixes],
    ),
  );
  await deps.files.remove(rows.map((r) => r.version));
  return ok(rows.map((r) => r.j));
}

/** DELETE /object/:bucket/:key: one object; NoSuchKey if absent, AccessDenied if RLS keeps it. */
export async function deleteObject(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  key: string,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  await asAdmin(deps, (tx) => findObject(tx, bucketId, key));
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
      [bucketId, key],
    ),
  );
  if (rows.length === 0) throw ERRORS.accessDenied('Access denied');
  await deps.files.remove(rows.map((r) => r.version));
  return ok({ message: 'Successfully deleted' });
}

function moveOrCopyBody(body: Record<string, unknown>) {
  const bucketId = field.requiredString(body, 'bucketId');
  const sourceKey = field.requiredString(body, 'sourceKey');
  const destinationKey = field.requiredString(body, 'destinationKey');
  const destinationBucket = field.string(body, 'destinationBucket') || bucketId;
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destinationBucket);
  mustBeValidKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

/**
 * POST /object/move: the row is renamed as the caller (the select and update storage-api's
 * testPermission tries), and the caller becomes its owner. Contents live by version, not by
 * name, so nothing moves on disk.
 */
export async function moveObject(
  deps: StorageDeps,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<Reply> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(body);
  const moved = await asCaller(deps, caller, async (tx) => {
    await findObject(tx, bucketId, sourceKey);
    const { rows } = await tx.query<{ id: string; name: string }>(
      `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6
        where bucket_id = $1 and name = $2 returning id, name`,
      [bucketId, sourceKey, destinationKey, destinationBucket, ownerUuid(caller.owner), caller.owner ?? null],
    );
    if (!rows[0]) throw ERRORS.noSuchKey();
    return rows[0];
  });
  return ok({ message: 'Successfully moved', Id: moved.id, Key: moved.name });
}

/**
 * POST /object/copy: the source as the caller sees it, the destination's insert (or, with
 * x-upsert, upsert) tried as the caller, then a new version sharing the source's content.
 */
export async function copyObject(
  deps: StorageDeps,
  caller: Caller,
  body: Record<string, unknown>,
  upsert: boolean,
): Promise<Reply> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(body);
  const copyMetadata = field.boolean(body, 'copyMetadata') ?? true;
  const overrides = (body.metadata ?? {}) as { cacheControl?: unknown; mimetype?: unknown };
  const source = await asCaller(deps, caller, (tx) => findObject(tx, bucketId, sourceKey));
  const metadata = { ...(source.metadata ?? {}) };
  if (!copyMetadata) {
    if (typeof overrides.cacheControl === 'string') metadata.cacheControl = overrides.cacheControl;
    if (typeof overrides.mimetype === 'string') metadata.mimetype = overrides.mimetype;
  }
  const target: ObjectWrite = {
    bucketId: destinationBucket,
    name: destinationKey,
    owner: caller.owner,
    upsert,
  };
  await canUpload(deps, caller, target, metadata);
  if (!source.version) throw ERRORS.noSuchKey();
  const version = await deps.files.duplicate(source.version);
  const stored = {
    version,
    size: metadata.size ?? 0,
    eTag: metadata.eTag ?? '',
    lastModified: new Date().toISOString(),
  };
  const id = await completeWrite(
    deps,
    target,
    stored,
    { ...metadata, lastModified: stored.lastModified },
    source.user_metadata,
  );
  const { rows } = await asAdmin(deps, (tx) =>
    tx.query<{ j: Record<string, unknown> }>(
      `select ${objectJson('o')} as j from storage.objects o where o.id = $1`,
      [id],
    ),
  );
  return ok({ Id: id, Key: `${destinationBucket}/${destinationKey}`, ...rows[0]?.j });
}
