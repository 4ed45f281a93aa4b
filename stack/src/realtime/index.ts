import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { type ApiModule, jwtKeys, type StackContext } from '../context.ts';
import { BodyTooLargeError, readBody, sendJson } from '../http.ts';
import { checkWrite } from './authorization.ts';
import { BroadcastFeed } from './broadcasts.ts';
import { Connection } from './connection.ts';
import { ChangeFeed } from './feed.ts';
import { MAX_BODY_BYTES, MAX_FRAME_BYTES, payloadTooLarge } from './limits.ts';
import type { Vsn } from './protocol.ts';
import { checkToken, type TokenVerifier } from './tokens.ts';
import { Topics, topicKey } from './topics.ts';

/** Realtime's changeset error for a message over the payload limit. */
const TOO_LARGE = { payload: ['Payload size exceeds tenant limit'] };

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const bearer = (req: IncomingMessage, url: URL): string | undefined => {
  const auth = req.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const key = req.headers.apikey ?? url.searchParams.get('apikey');
  return typeof key === 'string' && key ? key : undefined;
};

/**
 * Supabase Realtime on `/realtime/v1`: the Phoenix WebSocket at `/websocket` (postgres_changes
 * with row-level security per subscriber, broadcast, presence) and the REST broadcast endpoint
 * `/api/broadcast` that `channel.send()` falls back to before a channel is joined.
 */
export function createRealtimeApi(ctx: StackContext): ApiModule {
  // The same keys as the other APIs: the HS256 secret and config.toml's signing keys.
  const secret: TokenVerifier = { verify: (token) => jwtKeys(ctx.config).verify(token) };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const feed = new ChangeFeed(ctx.db, ctx.log);
  const topics = new Topics();
  const broadcasts = new BroadcastFeed(ctx.db, topics, ctx.log);
  const connections = new Set<Connection>();
  let closing = false;
  const started = Promise.all([
    feed.start().catch((error) => {
      ctx.log.error('[realtime] could not listen for database changes', error);
    }),
    broadcasts.start().catch((error) => {
      ctx.log.error('[realtime] could not listen for broadcasts from the database', error);
    }),
  ]);

  return {
    async handle(req, res, path, url) {
      // channel.send() before a join posts {messages: [...]}; channel.httpSend() posts one
      // payload to /api/broadcast/<topic>/events/<event>. Both answer 202 as Supabase does.
      const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
      if ((path === '/api/broadcast' || single) && req.method === 'POST') {
        const check = await checkToken(secret, bearer(req, url));
        if (!check.ok) return sendJson(res, 401, { message: check.message });
        let body: unknown;
        try {
          body = JSON.parse((await readBody(req, MAX_BODY_BYTES)).toString('utf8') || '{}');
        } catch (error) {
          // Plug.Parsers' answer to a body over its limit, before Realtime sees the messages.
          if (error instanceof BodyTooLargeError) return sendJson(res, 413, 'Request Entity Too Large');
          return sendJson(res, 400, { message: 'The request body is not valid JSON' });
        }
        const messages = single
          ? [
              {
                topic: decodeURIComponent(single[1]!),
                event: decodeURIComponent(single[2]!),
                payload: body,
                private: url.searchParams.get('private') === 'true',
              },
            ]
          : (body as { messages?: unknown }).messages;
        if (!Array.isArray(messages)) return sendJson(res, 400, { message: '`messages` must be a list' });
        const valid = (messages as Record<string, unknown>[]).filter(
          (m) => typeof m?.topic === 'string' && typeof m.event === 'string',
        );
        // Realtime validates every message before sending any: one too big refuses the request
        // (422 with its changeset errors), and the others are not sent either.
        const sizes = valid.map((m) => (payloadTooLarge(m.payload ?? {}) ? TOO_LARGE : {}));
        if (sizes.some((e) => e === TOO_LARGE)) {
          return sendJson(res, 422, { errors: single ? TOO_LARGE : { messages: sizes } });
        }
        // A private message needs the insert policy on realtime.messages for its topic: the
        // batch endpoint skips the others, the single one refuses them (as Realtime).
        const allowed = await Promise.all(
          valid.map((m) =>
            m.private === true ? checkWrite(ctx.db, check.claims, String(m.topic), 'broadcast') : true,
          ),
        );
        if (single && !allowed[0]) return sendJson(res, 403, { message: 'Unauthorized' });
        for (const [i, m] of valid.entries()) {
          const isPrivate = m.private === true;
          if (!allowed[i]) continue;
          const message = { type: 'broadcast', event: m.event, payload: m.payload ?? {} };
          topics.broadcast(undefined, topicKey(`realtime:${m.topic}`, isPrivate), message, true);
        }
        res.writeHead(202).end();
        return;
      }
      sendJson(res, 404, { message: 'Not found' });
    },

    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', ctx.config.url);
      if (closing || !/\/websocket\/?$/.test(url.pathname)) {
        refuse(socket, 404, 'Not Found', 'Not found');
        return;
      }
      const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') {
        refuse(socket, 400, 'Bad Request', `Unsupported serializer version: ${vsnParam}`);
        return;
      }
      const token = bearer(req, url);
      if (!token) {
        refuse(socket, 401, 'Unauthorized', 'API key is missing');
        return;
      }
      void checkToken(secret, token).then(async (check) => {
        if (!check.ok) return refuse(socket, 401, 'Unauthorized', check.message);
        await started;
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection = new Connection(ws, vsnParam as Vsn, token, {
            db: ctx.db,
            secret,
            feed,
            topics,
            log: ctx.log,
          });
          connections.add(connection);
          ws.on('close', () => connections.delete(connection));
        });
      });
    },

    async close() {
      closing = true;
      await Promise.all([...connections].map((c) => c.close()));
      await Promise.all([feed.stop(), broadcasts.stop()]);
      wss.close();
    },
  };
}
