import type { Queryable } from '../db/index.ts';
import { ERRORS } from './errors.ts';

/** A timestamp as storage-api's JSON has it (node-postgres Date → toJSON): UTC, milliseconds, Z. */
export const isoTime = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An object row as storage-api serialises it (objectSchema): text columns it types as strings
 * come out as "" when null, as fast-json-stringify writes them.
 */
export const objectJson = (o: string): string => `json_build_object(
  'name', ${o}.name, 'bucket_id', ${o}.bucket_id, 'owner', coalesce(${o}.owner::text, ''),
  'owner_id', coalesce(${o}.owner_id, ''), 'version', coalesce(${o}.version, ''), 'id', ${o}.id,
  'updated_at', ${isoTime(`${o}.updated_at`)}, 'created_at', ${isoTime(`${o}.created_at`)},
  'last_accessed_at', ${isoTime(`${o}.last_accessed_at`)}, 'metadata', ${o}.metadata,
  'user_metadata', ${o}.user_metadata)`;

/** A bucket as storage-api lists it (bucketSchema, the columns of getAllBuckets / getBucket). */
export const bucketJson = (b: string, withType: boolean): string => `json_build_object(
  'id', ${b}.id, 'name', ${b}.name, 'owner', coalesce(${b}.owner::text, ''), 'public', coalesce(${b}.public, false),
  ${withType ? `'type', ${b}.type,` : ''}
  'file_size_limit', ${b}.file_size_limit, 'allowed_mime_types', ${b}.allowed_mime_types,
  'created_at', ${isoTime(`${b}.created_at`)}, 'updated_at', ${isoTime(`${b}.updated_at`)})`;

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** The bucket, or NoSuchBucket; `publicOnly` as storage-api's `isPublic` filter. */
export async function findBucket(tx: Queryable, id: string, publicOnly = false): Promise<BucketRow> {
  const { rows } = await tx.query<BucketRow>(
    `select id, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1 ${publicOnly ? 'and public' : ''} limit 1`,
    [id],
  );
  if (!rows[0]) throw ERRORS.noSuchBucket();
  return rows[0];
}

/** The object as the transaction's role sees it, or NoSuchKey. */
export async function findObject(
  tx: Queryable,
  bucketId: string,
  name: string,
  lock = false,
): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    `select id, name, bucket_id, version, metadata, user_metadata,
            ${isoTime('created_at')} as created_at, ${isoTime('updated_at')} as updated_at
       from storage.objects where name = $1 and bucket_id = $2 limit 1 ${lock ? 'for update' : ''}`,
    [name, bucketId],
  );
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}
