import { connectionFault } from '../db/index.ts';

/**
 * An error as Supabase Storage renders it (src/internal/errors/codes.ts, storage-error.ts):
 * the body `{statusCode, code, error, message}` carries the "real" status as text, while the
 * HTTP status is 400 for every handled error and 500 only for a 500 (StorageBackendError's
 * userStatusCode). supabase-js turns it into a StorageApiError with `status` (HTTP) and
 * `statusCode` (the body's).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The body's `error`; storage-api falls back to the code. */
    readonly errorName: string = code,
    /** The HTTP status; storage-api's userStatusCode. */
    readonly httpStatus: number = statusCode === 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): Record<string, string> {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.errorName,
      message: this.message,
    };
  }
}

/** The errors of storage-api's ERRORS table this API answers with, words and codes verbatim. */
export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded ${limit}`, 'Payload too large'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  noContentProvided: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', message),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  /** Fastify's schema validation and body parsing errors, as storage-api's error handler renders them. */
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message, 'FastifyError', 400),
  notFoundRoute: (method: string, url: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
}

/**
 * Turns whatever a request threw into storage-api's answer: PostgreSQL errors as its
 * DBError.fromDBError maps them (storage/database/errors.ts), an unreachable database as 503
 * (its DatabaseReadOnly-style "try again" class of errors), anything else 500.
 */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (connectionFault(error)) {
    return new StorageError(
      503,
      'DatabaseError',
      'The database could not be reached. Try again.',
      'DatabaseError',
      503,
    );
  }
  const pg = error as PgErrorLike;
  if (error && typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    const message = String(pg.message ?? '');
    switch (pg.code) {
      case '42501':
        return ERRORS.accessDenied(
          message.includes('row-level security') ? 'new row violates row-level security policy' : message,
        );
      case '23505':
        return ERRORS.resourceAlreadyExists();
      case '23503':
        return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
      case '57014':
        return new StorageError(
          544,
          'DatabaseTimeout',
          'The connection to the database timed out',
          'DatabaseTimeout',
          544,
        );
      case '22P02':
        return new StorageError(
          400,
          'InvalidParameter',
          message || 'Invalid value format or type conversion failed',
        );
      default:
        return new StorageError(500, 'DatabaseError', `database error, code: ${pg.code}`);
    }
  }
  return ERRORS.internal();
}
