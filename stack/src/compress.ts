import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

/**
 * What hosted Supabase's API gateway compresses in front of PostgREST and GoTrue: Envoy's
 * brotli and gzip compressor filters (supabase/postgres, ansible/files/envoy_config/lds.yaml)
 * for these content types, from 100 bytes, never a response that carries an ETag.
 */
const COMPRESSED_TYPES = new Set([
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.array+json',
  'application/openapi+json',
  'application/geo+json',
  'text/csv',
  'application/vnd.pgrst.plan',
  'application/vnd.pgrst.object',
  'application/vnd.pgrst.array',
  'application/javascript',
  'application/json',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/css',
  'text/html',
  'text/plain',
  'text/xml',
]);

const middleware = compression({
  threshold: 100,
  // Envoy's default brotli quality: quick enough for every answer, a fraction of the bytes.
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
  filter(req, res) {
    // Envoy compresses with brotli or gzip only; a client that takes neither (nor '*') gets
    // plain text, where the middleware alone would send deflate.
    if (!/\b(br|gzip)\b|\*/i.test(String(req.headers['accept-encoding'] ?? ''))) return false;
    if (res.getHeader('ETag') !== undefined) return false;
    const type = String(res.getHeader('Content-Type') ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    return COMPRESSED_TYPES.has(type);
  },
});

/**
 * Compresses this response as the platform's gateway would, when the client accepts it: a
 * signed-in page's recipe list is 184 KB of JSON, 31 KB on the wire (brotli). Call before
 * anything is written.
 */
export function compressLikeTheGateway(req: IncomingMessage, res: ServerResponse): void {
  middleware(req as never, res as never, () => undefined);
}
