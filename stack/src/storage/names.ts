import { ERRORS } from './errors.ts';

// storage-api's character sets (src/storage/limits.ts): S3's safe characters and those needing
// special handling; nothing else (no control characters, no NUL, no non-ASCII) reaches a key.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/** S3's longest key (bytes); storage-api leaves it to S3, which refuses longer ones. */
const MAX_KEY_BYTES = 1024;

/**
 * Refuses what storage-api refuses (InvalidKey) and, beyond it, keys over S3's 1,024 bytes and
 * `.` or `..` path segments, which S3 stores as they are but a file system would resolve.
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (
    !key ||
    !VALID_OBJECT_KEY.test(key) ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.split('/').some((segment) => segment === '.' || segment === '..')
  ) {
    throw ERRORS.invalidKey(key ?? '');
  }
}

export function mustBeValidBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !VALID_BUCKET_NAME.test(name)) {
    throw ERRORS.invalidBucketName();
  }
}

/** A bucket's allowed_mime_types entries, as storage-api's Storage.validateMimeType checks them. */
export function mustBeValidMimeTypes(types: string[]): void {
  for (const type of types) {
    if (
      type.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)
    ) {
      throw ERRORS.invalidMimeType(type);
    }
  }
}

/** storage-api's uploader validateMimeType: `type/*` or an exact `type/subtype` match. */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype] = mimeType.split('/');
  if (subtype === undefined) throw ERRORS.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimeType);
}

/**
 * A bucket's file_size_limit as storage-api takes it: whole bytes, or '20GB' / '20MB' / '30KB' /
 * '3B' (decimal units, three significant digits), never above the stack's own upload limit.
 */
export function parseFileSizeLimit(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined || value === null) return value;
  let bytes: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw ERRORS.invalidRequest('body/file_size_limit must be integer');
    }
    bytes = value;
  } else if (typeof value === 'string') {
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
    if (!match) throw ERRORS.invalidFileSizeLimit();
    const amount = +Number.parseFloat(match[1]!).toPrecision(3);
    const unit = { GB: 1e9, MB: 1e6, KB: 1000, B: 1 }[match[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    bytes = Math.round(amount * unit);
  } else {
    throw ERRORS.invalidRequest('body/file_size_limit must be integer');
  }
  if (bytes > globalLimit) throw ERRORS.entityTooLarge();
  return bytes;
}
