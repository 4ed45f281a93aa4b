import type { ApiModule, StackContext } from '../context.ts';
import { sendJson } from '../http.ts';

/**
 * `/_local/mail`: the outbox as JSON, newest first (CONTRACTS 2); `?to=` filters by recipient,
 * DELETE empties it.
 */
export function createMailApi(ctx: StackContext): ApiModule {
  return {
    async handle(req, res, _path, url) {
      if (req.method === 'DELETE') {
        ctx.mail.clear();
        return sendJson(res, 200, []);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, { error: 'method not allowed' });
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = ctx.mail.list().filter((m) => !to || m.to.toLowerCase() === to);
      sendJson(res, 200, list);
    },
  };
}
export { createOutbox } from './outbox.ts';
