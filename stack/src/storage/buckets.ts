import { asAdmin, asCaller, type Caller, field, ownerUuid, type StorageDeps } from './caller.ts';
import { ERRORS, StorageError } from './errors.ts';
import { mustBeValidBucketName, mustBeValidMimeTypes, parseFileSizeLimit } from './names.ts';
import { bucketJson, findBucket } from './rows.ts';

/** A handler's answer: JSON with a status. */
export interface Reply {
  status: number;
  body: unknown;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET /bucket (listBuckets): as the caller, so RLS on storage.buckets decides what is listed. */
export async function listBuckets(deps: StorageDeps, caller: Caller, query: URLSearchParams): Promise<Reply> {
  const values: unknown[] = [];
  const where: string[] = [];
  const search = query.get('search');
  if (search) {
    values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`b.name ilike $${values.length}`);
  }
  const sortColumn = query.get('sortColumn');
  if (sortColumn !== null && !SORT_COLUMNS.has(sortColumn)) {
    throw ERRORS.invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  }
  const sortOrder = query.get('sortOrder');
  if (sortOrder !== null && sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw ERRORS.invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
  }
  let page = '';
  for (const [key, min, clause] of [
    ['limit', 1, 'limit'],
    ['offset', 0, 'offset'],
  ] as const) {
    const text = query.get(key);
    if (text === null) continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) {
      throw ERRORS.invalidRequest(`querystring/${key} must be >= ${min}`);
    }
    values.push(n);
    page += ` ${clause} $${values.length}`;
  }
  const order = sortColumn ? `order by b.${sortColumn} ${sortOrder ?? 'asc'}` : 'order by b.created_at, b.id';
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ list: unknown[] }>(
      `select coalesce(json_agg(j order by n), '[]'::json) as list from (
         select ${bucketJson('b', true)} as j, row_number() over (${order}) as n
           from storage.buckets b ${where.length ? `where ${where.join(' and ')}` : ''} ${order} ${page}
       ) t`,
      values,
    ),
  );
  return ok(rows[0]?.list ?? []);
}

/** GET /bucket/:id (getBucket). */
export async function getBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Reply> {
  const { rows } = await asCaller(deps, caller, (tx) =>
    tx.query<{ j: unknown }>(`select ${bucketJson('b', false)} as j from storage.buckets b where b.id = $1`, [
      id,
    ]),
  );
  if (!rows[0]) throw ERRORS.noSuchBucket();
  return ok(rows[0].j);
}

function mimeTypes(body: Record<string, unknown>): string[] | null | undefined {
  const value = body.allowed_mime_types;
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
  }
  const types = (value as string[]).filter((t) => t);
  mustBeValidMimeTypes(types);
  return types;
}

/** POST /bucket (createBucket): the insert runs as the caller; only the service role may, by default. */
export async function createBucket(
  deps: StorageDeps,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<Reply> {
  const name = field.requiredString(body, 'name');
  const id = field.string(body, 'id') || name;
  const isPublic = field.boolean(body, 'public') ?? false;
  if (name.trim() !== name) throw ERRORS.invalidBucketName();
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  const type = body.type;
  if (type === 'ANALYTICS') {
    throw new StorageError(
      409,
      'FeatureNotEnabled',
      'The feature Iceberg buckets are not enabled for this tenant is not enabled for this resource',
    );
  }
  if (type !== undefined && type !== 'STANDARD') {
    throw ERRORS.invalidRequest('body/type must be equal to one of the allowed values');
  }
  const sizeLimit = parseFileSizeLimit(body.file_size_limit, deps.maxUploadBytes) ?? null;
  const types = mimeTypes(body) ?? null;
  try {
    await asCaller(deps, caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
        [id, name, ownerUuid(caller.owner), caller.owner ?? null, isPublic, sizeLimit, types],
      ),
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw ERRORS.bucketAlreadyExists();
    throw error;
  }
  return ok({ name });
}

/** PUT /bucket/:id (updateBucket): public, file_size_limit, allowed_mime_types. */
export async function updateBucket(
  deps: StorageDeps,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  mustBeValidBucketName(id);
  const sets: string[] = [];
  const values: unknown[] = [];
  const isPublic = field.boolean(body, 'public');
  if (isPublic !== undefined) {
    values.push(isPublic);
    sets.push(`public = $${values.length}`);
  }
  if ('file_size_limit' in body) {
    values.push(parseFileSizeLimit(body.file_size_limit, deps.maxUploadBytes) ?? null);
    sets.push(`file_size_limit = $${values.length}`);
  }
  if ('allowed_mime_types' in body) {
    values.push(mimeTypes(body) ?? null);
    sets.push(`allowed_mime_types = $${values.length}`);
  }
  if (sets.length === 0) throw ERRORS.invalidRequest('body must match a schema in anyOf');
  values.push(id);
  const { affectedRows } = await asCaller(deps, caller, (tx) =>
    tx.query(
      `update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $${values.length}`,
      values,
    ),
  );
  if (affectedRows === 0) throw ERRORS.noSuchBucket();
  return ok({ message: 'Successfully updated' });
}

/**
 * POST /bucket/:id/empty (emptyBucket): the bucket must be one the caller can see; its objects
 * are then removed as storage-api's admin queue removes them (here at once, files included).
 */
export async function emptyBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Reply> {
  mustBeValidBucketName(id);
  await asCaller(deps, caller, (tx) => findBucket(tx, id));
  const { rows } = await asAdmin(deps, (tx) =>
    tx.query<{ version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning version',
      [id],
    ),
  );
  await deps.files.remove(rows.map((r) => r.version));
  return ok({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

/** DELETE /bucket/:id (deleteBucket): only an empty bucket; the delete runs as the caller. */
export async function deleteBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Reply> {
  mustBeValidBucketName(id);
  const { count } = await asAdmin(deps, async (tx) => {
    await findBucket(tx, id);
    const result = await tx.query<{ count: number }>(
      'select count(*)::int as count from (select 1 from storage.objects where bucket_id = $1 limit 1) o',
      [id],
    );
    return result.rows[0]!;
  });
  if (count > 0) throw ERRORS.bucketNotEmpty();
  const { affectedRows } = await asCaller(deps, caller, (tx) =>
    tx.query('delete from storage.buckets where id = $1', [id]),
  );
  if (affectedRows === 0) throw ERRORS.noSuchBucket();
  return ok({ message: 'Successfully deleted' });
}
