import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ApiModule, StackContext } from '../context.ts';
import { readBody, sendJson } from '../http.ts';
import { Connection } from './connection.ts';
import { ChangeFeed } from './feed.ts';
import type { Vsn } from './protocol.ts';
import { checkToken } from './tokens.ts';
import { Topics } from './topics.ts';

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
  const secret = new TextEncoder().encode(ctx.config.jwtSecret);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const feed = new ChangeFeed(ctx.db, ctx.log);
  const topics = new Topics();
  const connections = new Set<Connection>();
  let closing = false;
  const started = feed.start().catch((error) => {
    ctx.log.error('[realtime] could not listen for database changes', error);
  });

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
          body = JSON.parse((await readBody(req)).toString('utf8') || '{}');
        } catch {
          return sendJson(res, 400, { message: 'The request body is not valid JSON' });
        }
        const messages = single
          ? [{ topic: decodeURIComponent(single[1]!), event: decodeURIComponent(single[2]!), payload: body }]
          : (body as { messages?: unknown }).messages;
        if (!Array.isArray(messages)) return sendJson(res, 400, { message: '`messages` must be a list' });
        for (const m of messages as Record<string, unknown>[]) {
          if (typeof m?.topic !== 'string' || typeof m.event !== 'string') continue;
          const message = { type: 'broadcast', event: m.event, payload: m.payload ?? {} };
          topics.broadcast(undefined, `realtime:${m.topic}`, message, true);
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
      await feed.stop();
      wss.close();
    },
  };
}
