import { corsHeaders } from './cors.ts';

/** An error whose message is safe to show the caller, with the HTTP status to answer. */
export class HttpError extends Error {
  readonly status: number;

  /** `cause` is logged with the request id (for 5xx), never sent to the caller. */
  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** A JSON response with the CORS headers every answer of ours carries. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/** CONTRACTS 4: every error is `{"error": "<message>"}`. */
export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { error: message }, headers);
}
