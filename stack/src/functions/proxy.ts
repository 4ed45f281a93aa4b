import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';

/** Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Keep-alive connections to the workers, one pool per stack. */
export function createAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256 });
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** Raised when the worker could not be reached or broke off its answer. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

/**
 * Streams a request to a function's worker and its answer back, unchanged: method, headers,
 * body, status. `path` is what the function sees as its URL path (`/<name>/…?…`), as on
 * hosted Supabase.
 */
export function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: { port: number; path: string; agent: Agent },
): Promise<void> {
  const { port, path, agent } = target;
  return new Promise<void>((resolve, reject) => {
    const headers = forwardable(req.headers);
    const remote = req.socket.remoteAddress;
    if (remote) headers['x-forwarded-for'] = remote;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
        answer.pipe(res);
        answer.once('end', () => {
          // The function answered without reading the whole body: drain it, so the caller
          // can finish sending and read the answer instead of meeting a reset connection.
          if (!req.complete) {
            req.unpipe(upstream);
            req.resume();
          }
          resolve();
        });
        answer.once('error', (error) => {
          res.destroy(error);
          resolve();
        });
        // A caller that goes away mid-answer ends the upstream request too.
        res.once('close', () => {
          if (!answer.complete) answer.destroy();
          resolve();
        });
      },
    );
    upstream.once('error', (error) => reject(new UpstreamError(error.message)));
    req.pipe(upstream);
  });
}
