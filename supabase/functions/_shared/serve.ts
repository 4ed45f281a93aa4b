import { discardUnreadBody } from './body.ts';
import { corsHeaders } from './cors.ts';
import { errorResponse, HttpError } from './http.ts';

export type Handler = (req: Request) => Promise<Response>;

/**
 * Wraps a function's handler with what every function does the same way: CORS preflight, POST
 * only, a request id on every answer and log line, clear 4xx for the caller's mistakes, and a
 * generic 500 (details only in the log) for anything unexpected.
 */
export function withCommon(name: string, handler: Handler): (req: Request) => Promise<Response> {
  return async (req) => {
    const response = await answer(req);
    await discardUnreadBody(req);
    return response;
  };

  async function answer(req: Request): Promise<Response> {
    const requestId = requestIdOf(req);
    const idHeader = { 'x-request-id': requestId };
    if (req.method === 'OPTIONS') return new Response('ok', { headers: { ...corsHeaders, ...idHeader } });
    if (req.method !== 'POST') {
      return errorResponse(405, 'Method not allowed: use POST.', { ...idHeader, Allow: 'POST, OPTIONS' });
    }
    try {
      const response = await handler(req);
      response.headers.set('x-request-id', requestId);
      return response;
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status >= 500) log(name, requestId, error.message, error.cause);
        return errorResponse(error.status, error.message, idHeader);
      }
      log(name, requestId, 'unexpected error', error);
      return errorResponse(500, `An unexpected error occurred (request id ${requestId}).`, idHeader);
    }
  }
}

function log(name: string, requestId: string, message: string, cause: unknown): void {
  console.error(
    JSON.stringify({
      level: 'error',
      function: name,
      request_id: requestId,
      message,
      cause: formatError(cause),
    }),
  );
}

function requestIdOf(req: Request): string {
  const given = req.headers.get('x-request-id') ?? '';
  // A caller's id is kept for tracing only if it cannot smuggle anything into logs or headers.
  return /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

function formatError(error: unknown): string {
  if (error === undefined) return '';
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
