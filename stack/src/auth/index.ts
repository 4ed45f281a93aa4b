import type { ApiModule, StackContext } from '../context.ts';
import { sendJson } from '../http.ts';

/** Stub until the auth API lands: answers 501 so callers see a clear error. */
export function createAuthApi(_ctx: StackContext): ApiModule {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'The auth API is not implemented in the local stack yet.' });
    },
  };
}
