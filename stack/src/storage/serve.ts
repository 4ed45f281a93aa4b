import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { StorageDeps } from './caller.ts';
import type { ObjectRow } from './rows.ts';

export interface ServeOptions {
  /** `?download` / `?download=name`: Content-Disposition: attachment. */
  download: string | null;
  /** A signed URL's expiry, sent as Expires instead of Cache-Control. */
  expires?: string;
  /** HEAD: the headers only. */
  head?: boolean;
}

/** storage-api's renderer answer when the backend has no such file (renderer.ts). */
function sendMissing(res: ServerResponse): void {
  const body = JSON.stringify({
    error: 'Not found',
    message: 'The resource was not found',
    statusCode: '404',
    code: 'NoSuchKey',
  });
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range inside the file, else undefined (the whole file). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2]) || size === 0) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start <= end && start < size ? { start, end } : undefined;
}

/**
 * Streams an object's content with storage-api's headers (renderer.ts setHeaders): its type
 * (text/html served as text/plain), ETag, Last-Modified, Cache-Control (or Expires for a signed
 * URL), X-Robots-Tag: none, byte ranges and 304 for a matching If-None-Match. The file is read
 * as the client takes it, so a slow reader holds only its own stream.
 */
export async function serveObject(
  deps: StorageDeps,
  req: IncomingMessage,
  res: ServerResponse,
  object: ObjectRow,
  options: ServeOptions,
): Promise<void> {
  const meta = object.metadata ?? {};
  let size: number;
  try {
    if (!object.version) throw new Error('no version');
    size = (await stat(deps.files.path(object.version))).size;
  } catch {
    return sendMissing(res);
  }
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': meta.mimetype?.includes('text/html')
      ? 'text/plain'
      : (meta.mimetype ?? 'application/octet-stream'),
    'X-Robots-Tag': 'none',
  };
  if (meta.eTag) headers.ETag = meta.eTag;
  const lastModified = meta.lastModified ? new Date(meta.lastModified) : undefined;
  if (lastModified && !Number.isNaN(lastModified.getTime()))
    headers['Last-Modified'] = lastModified.toUTCString();
  if (options.expires) headers.Expires = options.expires;
  else if (meta.cacheControl) headers['Cache-Control'] = meta.cacheControl;
  if (options.download !== null) {
    const name = encodeURIComponent(options.download);
    headers['Content-Disposition'] = name
      ? `attachment; filename=${name}; filename*=UTF-8''${name}`
      : 'attachment;';
  }
  if (meta.eTag && req.headers['if-none-match'] === meta.eTag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = options.head ? undefined : parseRange(req.headers.range, size);
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (options.head || req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(deps.files.read(object.version!, range), res);
  } catch {
    // The client went away, or the file did mid-read: the response is already cut.
    res.destroy();
  }
}
