import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db/index.ts';
import { asAdmin, type Caller, ownerUuid, type StorageDeps, testPermission } from './caller.ts';
import type { FileSink, StoredFile } from './disk.ts';
import { ERRORS } from './errors.ts';
import { boundaryOf, multipartEvents } from './multipart.ts';
import { mustBeAllowedMimeType, mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { findBucket, type ObjectMetadata } from './rows.ts';

/** storage-api's limit on custom metadata (uploader.ts MAX_CUSTOM_METADATA_SIZE). */
const MAX_USER_METADATA_BYTES = 1024 * 1024;
/** A form field (cacheControl, contentType, metadata) is read into memory up to this. */
const MAX_FIELD_BYTES = MAX_USER_METADATA_BYTES + 1024;

/** The file of an upload request, known before its content is read. */
interface FileHead {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/** Where the new row goes and what it replaces. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | undefined;
  upsert: boolean;
}

function declaredLength(req: IncomingMessage): number | undefined {
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function parseUserMetadata(base64: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The object row's write, as storage-api's createObject (insert) or upsertObject. */
function writeObject(
  tx: Queryable,
  target: ObjectWrite,
  version: string,
  metadata: ObjectMetadata,
  userMetadata: Record<string, unknown> | null | undefined,
): Promise<{ rows: { id: string }[] }> {
  const upsert = target.upsert
    ? `on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id`
    : '';
  return tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) ${upsert} returning id`,
    [
      target.bucketId,
      target.name,
      ownerUuid(target.owner),
      target.owner ?? null,
      JSON.stringify(metadata),
      userMetadata ? JSON.stringify(userMetadata) : null,
      version,
    ],
  );
}

/**
 * storage-api's canUpload: the insert (or upsert) the upload will make, tried as the caller and
 * rolled back, so RLS or an existing object refuses the request before its body is read.
 */
export async function canUpload(
  deps: StorageDeps,
  caller: Caller,
  target: ObjectWrite,
  metadata: ObjectMetadata,
): Promise<void> {
  try {
    await testPermission(deps, caller, (tx) => writeObject(tx, target, '1', metadata, undefined));
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw ERRORS.keyAlreadyExists();
    throw error;
  }
}

/**
 * Commits a stored file as the object's current version, as storage-api's completeUpload does
 * (as the stack's own user, the caller's permission already tried), then drops the version it
 * replaced. The file was fsynced before this runs, so an acknowledged upload survives a crash.
 */
export async function completeWrite(
  deps: StorageDeps,
  target: ObjectWrite,
  stored: StoredFile,
  metadata: ObjectMetadata,
  userMetadata: Record<string, unknown> | null | undefined,
): Promise<string> {
  let replaced: string | null = null;
  let id: string;
  try {
    id = await asAdmin(deps, async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [target.bucketId, target.name],
      );
      replaced = rows[0]?.version ?? null;
      const written = await writeObject(tx, target, stored.version, metadata, userMetadata);
      return written.rows[0]!.id;
    });
  } catch (error) {
    await deps.files.remove([stored.version]);
    if ((error as { code?: string }).code === '23505') throw ERRORS.keyAlreadyExists();
    throw error;
  }
  if (replaced !== stored.version) await deps.files.remove([replaced]);
  return id;
}

async function writeAll(sink: FileSink, chunks: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of chunks) await sink.write(chunk);
}

/**
 * POST /object/:bucket/:key (upload, x-upsert) and PUT (update, always an upsert), as
 * storage-api's uploadFromRequest: the bucket's limits, then the caller's permission, then the
 * body streamed to disk under the size cap, then the row. The body is either the raw file
 * (Content-Type is its type, Cache-Control its cache control, x-metadata its metadata) or a
 * multipart form (fields cacheControl, contentType, metadata before one file).
 */
export async function uploadObject(
  deps: StorageDeps,
  caller: Caller,
  req: IncomingMessage,
  bucketId: string,
  key: string,
  upsert: boolean,
): Promise<{ Id: string; Key: string }> {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const bucket = await asAdmin(deps, (tx) => findBucket(tx, bucketId));
  const maxBytes = key.endsWith('.emptyFolderPlaceholder')
    ? 0
    : Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, deps.maxUploadBytes);
  const allowed = bucket.allowed_mime_types ?? [];
  const target: ObjectWrite = { bucketId, name: key, owner: caller.owner, upsert };
  const declared = declaredLength(req);

  const start = async (head: FileHead): Promise<FileSink> => {
    if (allowed.length > 0 && maxBytes > 0) mustBeAllowedMimeType(head.mimeType, allowed);
    await canUpload(deps, caller, target, { mimetype: head.mimeType, contentLength: declared });
    return deps.files.create(maxBytes);
  };

  const contentType = req.headers['content-type'] ?? '';
  let head: FileHead;
  let sink: FileSink | undefined;
  try {
    if (/^multipart\/form-data/i.test(contentType)) {
      ({ head, sink } = await readForm(req, contentType, start));
    } else {
      head = {
        mimeType: contentType || 'application/octet-stream',
        cacheControl: (req.headers['cache-control'] as string | undefined) ?? 'no-cache',
        userMetadata:
          typeof req.headers['x-metadata'] === 'string'
            ? parseUserMetadata(req.headers['x-metadata'])
            : undefined,
      };
      if (declared !== undefined && declared > maxBytes) throw ERRORS.entityTooLarge();
      sink = await start(head);
      await writeAll(sink, req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>);
    }
    const stored = await sink.commit();
    const metadata: ObjectMetadata = {
      eTag: stored.eTag,
      size: stored.size,
      mimetype: head.mimeType,
      cacheControl: head.cacheControl,
      lastModified: stored.lastModified,
      contentLength: stored.size,
      httpStatusCode: 200,
    };
    sink = undefined;
    const id = await completeWrite(deps, target, stored, metadata, head.userMetadata);
    return { Id: id, Key: `${bucketId}/${key}` };
  } finally {
    await sink?.abort();
  }
}

/** Reads a multipart upload: the fields before the first file, then the file into a sink. */
async function readForm(
  req: IncomingMessage,
  contentType: string,
  start: (head: FileHead) => Promise<FileSink>,
): Promise<{ head: FileHead; sink: FileSink }> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw ERRORS.noContentProvided();
  const fields: Record<string, string> = {};
  let field: { name: string; chunks: Buffer[]; size: number } | undefined;
  let head: FileHead | undefined;
  let sink: FileSink | undefined;
  let inFile = false;
  const endField = () => {
    if (field) fields[field.name] = Buffer.concat(field.chunks).toString('utf8');
    field = undefined;
  };
  try {
    for await (const event of multipartEvents(req, boundary)) {
      if (event.kind === 'part') {
        endField();
        inFile = false;
        if (event.head.filename === undefined) {
          if (!head) field = { name: event.head.name, chunks: [], size: 0 };
          continue;
        }
        if (head) continue; // one file per request, as storage-api's multipart limits say
        const metadataText = fields.metadata ?? fields.userMetadata;
        if (metadataText !== undefined && Buffer.byteLength(metadataText) > MAX_USER_METADATA_BYTES) {
          throw ERRORS.entityTooLarge('user_metadata');
        }
        let userMetadata: Record<string, unknown> | undefined;
        try {
          userMetadata = metadataText === undefined ? undefined : JSON.parse(metadataText);
        } catch {
          userMetadata = undefined;
        }
        head = {
          mimeType: fields.contentType || event.head.contentType,
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
          userMetadata,
        };
        sink = await start(head);
        inFile = true;
      } else if (inFile) {
        await sink!.write(event.chunk);
      } else if (field) {
        field.size += event.chunk.length;
        if (field.size > MAX_FIELD_BYTES) throw ERRORS.entityTooLarge('user_metadata');
        field.chunks.push(event.chunk);
      }
    }
  } catch (error) {
    await sink?.abort();
    throw error;
  }
  if (!head || !sink) throw ERRORS.noContentProvided();
  return { head, sink };
}
