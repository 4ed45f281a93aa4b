import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiModule, StackContext } from '../context.ts';
import { sendJson } from '../http.ts';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  type Reply,
  updateBucket,
} from './buckets.ts';
import { type Caller, identify, readJson, type StorageDeps } from './caller.ts';
import { FileStore } from './disk.ts';
import { ERRORS, type StorageError, toStorageError } from './errors.ts';
import {
  copyObject,
  deleteObject,
  listObjects,
  moveObject,
  objectInfo,
  objectToServe,
  removeObjects,
} from './objects.ts';
import { serveObject } from './serve.ts';
import { signObjectUrl, signObjectUrls, verifySignedUrl } from './signed-urls.ts';
import { uploadObject } from './upload.ts';

/** The Supabase CLI's default `[storage] file_size_limit` ("50MiB"): no bucket may allow more. */
const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** After an error, at most this much of an unread request body is read and dropped before answering. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export interface StorageOptions {
  /** Where object contents live (objects/ and tmp/ inside). */
  dir: string;
  maxUploadBytes?: number;
}

/** Reads and drops what is left of a request body, so the client can read the answer. */
function drain(req: IncomingMessage): Promise<boolean> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const done = (drained: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onEnd);
      req.off('error', onEnd);
      if (!drained) req.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_DRAIN_BYTES) done(false);
    };
    const onEnd = () => done(true);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onEnd);
    req.on('error', onEnd);
    req.resume();
  });
}

/** `a/b%20c.png` → 'a/b c.png'; a malformed escape is an invalid key. */
function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

/**
 * The gateway resolves `.` and `..` in the URL it routes by (`a/../b` names `b`), as fetch does
 * before sending; a request that still carries them (`%2e%2e` included) is refused outright.
 */
function refuseDotSegments(rawUrl: string): void {
  const rawPath = rawUrl.split('?')[0]!;
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw ERRORS.invalidKey(segment);
    }
    if (decoded === '.' || decoded === '..')
      throw ERRORS.invalidKey(rawPath.replace(/^\/storage\/v1\/object\//, ''));
  }
}

/** Splits `<bucket>/<key…>`: the bucket is one segment, the key the (decoded) rest. */
function bucketAndKey(rest: string): [string, string | undefined] {
  const slash = rest.indexOf('/');
  if (slash < 0) return [decodeKey(rest), undefined];
  return [decodeKey(rest.slice(0, slash)), decodeKey(rest.slice(slash + 1))];
}

/**
 * Supabase Storage (`/storage/v1`) as supabase-js's `storage` client uses it: buckets, objects
 * (upload, download, public and signed URLs, list, remove, move, copy, info, exists) over the
 * local disk, with the objects' metadata in `storage.objects` and every metadata query run as
 * the caller, so row-level security on storage.objects decides as on hosted Supabase.
 */
export function createStorageApi(ctx: StackContext, options: StorageOptions): ApiModule {
  const files = new FileStore(options.dir);
  const ready = files.init();
  // Requests wait for it and answer its error; until one comes, it is logged, not left unhandled.
  ready.catch((error: unknown) => ctx.log.error(`[storage] preparing ${options.dir} failed`, error));
  const deps: StorageDeps = {
    ctx,
    files,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  };

  const send = (res: ServerResponse, reply: Reply) => sendJson(res, reply.status, reply.body);

  async function sendError(req: IncomingMessage, res: ServerResponse, error: StorageError): Promise<void> {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const drained = await drain(req);
    sendJson(res, error.httpStatus, error.body(), drained ? {} : { Connection: 'close' });
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const caller = (allowAnon = false): Promise<Caller> => identify(deps, req, allowAnon);
    const download = url.searchParams.get('download');

    const bucket = /^\/bucket(?:\/([^/]+))?(\/empty)?\/?$/.exec(path);
    if (bucket) {
      const id = bucket[1] === undefined ? undefined : decodeKey(bucket[1]);
      if (id === undefined) {
        if (method === 'GET') return send(res, await listBuckets(deps, await caller(), url.searchParams));
        if (method === 'POST')
          return send(res, await createBucket(deps, await caller(), await readJson(req)));
      } else if (bucket[2]) {
        if (method === 'POST') return send(res, await emptyBucket(deps, await caller(), id));
      } else {
        if (method === 'GET') return send(res, await getBucket(deps, await caller(), id));
        if (method === 'PUT')
          return send(res, await updateBucket(deps, await caller(), id, await readJson(req)));
        if (method === 'DELETE') return send(res, await deleteBucket(deps, await caller(), id));
      }
      throw ERRORS.notFoundRoute(method, path + url.search);
    }

    const object = /^\/object\/(.*)$/s.exec(path);
    if (!object) throw ERRORS.notFoundRoute(method, path + url.search);
    const rest = object[1]!;
    const sub = /^(list|move|copy|sign|public|info|authenticated)(?:\/(.*))?$/s.exec(rest);
    const kind = sub?.[1];
    const tail = sub?.[2] ?? '';

    if (kind === 'list' && method === 'POST') {
      return send(res, await listObjects(deps, await caller(), decodeKey(tail), await readJson(req)));
    }
    if (kind === 'move' && method === 'POST' && !tail) {
      return send(res, await moveObject(deps, await caller(), await readJson(req)));
    }
    if (kind === 'copy' && method === 'POST' && !tail) {
      const upsert = req.headers['x-upsert'] === 'true';
      return send(res, await copyObject(deps, await caller(), await readJson(req), upsert));
    }
    if (kind === 'sign') {
      const [bucketId, key] = bucketAndKey(tail);
      if (method === 'POST' && key === undefined) {
        return send(res, await signObjectUrls(deps, await caller(), bucketId, await readJson(req)));
      }
      if (method === 'POST')
        return send(res, await signObjectUrl(deps, await caller(), bucketId, key!, await readJson(req)));
      if (method === 'GET' && key !== undefined) {
        const { object: found, expires } = await verifySignedUrl(
          deps,
          bucketId,
          key,
          url.searchParams.get('token'),
        );
        return serveObject(deps, req, res, found, { download, expires });
      }
    }
    if (kind === 'public' && (method === 'GET' || method === 'HEAD')) {
      const [bucketId, key] = bucketAndKey(tail);
      const anon: Caller = { claims: { role: 'anon' }, authenticated: false, owner: undefined };
      const found = await objectToServe(deps, anon, bucketId, key ?? '', true);
      return serveObject(deps, req, res, found, { download, head: method === 'HEAD' });
    }
    if (kind === 'info' && method === 'GET') {
      const scoped = /^(public|authenticated)\/(.*)$/s.exec(tail);
      const [bucketId, key] = bucketAndKey(scoped ? scoped[2]! : tail);
      const who =
        scoped?.[1] === 'public' ? await caller(true) : await caller(scoped?.[1] !== 'authenticated');
      const found = await objectToServe(deps, who, bucketId, key ?? '', scoped?.[1] === 'public');
      return send(res, { status: 200, body: objectInfo(found) });
    }
    if (kind === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      const [bucketId, key] = bucketAndKey(tail);
      const found = await objectToServe(deps, await caller(), bucketId, key ?? '', false);
      return serveObject(deps, req, res, found, { download, head: method === 'HEAD' });
    }

    const [bucketId, key] = bucketAndKey(rest);
    if (method === 'GET' || method === 'HEAD') {
      const found = await objectToServe(deps, await caller(true), bucketId, key ?? '', false);
      return serveObject(deps, req, res, found, { download, head: method === 'HEAD' });
    }
    if ((method === 'POST' || method === 'PUT') && key !== undefined) {
      const upsert = method === 'PUT' || req.headers['x-upsert'] === 'true';
      return send(res, {
        status: 200,
        body: await uploadObject(deps, await caller(), req, bucketId, key, upsert),
      });
    }
    if (method === 'DELETE') {
      if (key === undefined)
        return send(res, await removeObjects(deps, await caller(), bucketId, await readJson(req)));
      return send(res, await deleteObject(deps, await caller(), bucketId, key));
    }
    throw ERRORS.notFoundRoute(method, path + url.search);
  }

  return {
    // A stop right after a start waits for the folders and the clearing of tmp/: a stopped stack
    // writes nothing more (its folder could not be removed while that was still going on).
    close: () => ready.catch(() => undefined),
    async handle(req, res, path, url) {
      try {
        await ready;
        refuseDotSegments(req.url ?? '');
        await route(req, res, path, url);
      } catch (error) {
        // The client broke off mid-request: nobody is left to answer.
        if (req.destroyed && !req.complete) return;
        const storageError = toStorageError(error);
        if (storageError.httpStatus >= 500) ctx.log.error(`[storage] ${req.method} ${url.pathname}`, error);
        await sendError(req, res, storageError);
      }
    },
  };
}
