/**
 * How big a message may be, with Supabase Realtime's defaults. A message over a limit is refused
 * alone; the socket, the channel and everyone else carry on.
 */

/** A tenant's default `max_payload_size_in_kb` (3000) plus the 500 bytes of slack Realtime allows. */
export const MAX_PAYLOAD_BYTES = 3000 * 1000 + 500;

/**
 * Realtime's WebSocket `max_frame_size`. A bigger frame closes that one socket (1009, as
 * Cowboy does); realtime-js then reconnects and rejoins.
 */
export const MAX_FRAME_BYTES = 5_000_000;

/** Plug.Parsers' default body limit, before the REST broadcast endpoint reads the messages. */
export const MAX_BODY_BYTES = 8_000_000;

/**
 * Realtime measures the Erlang term; the JSON text is the closest measure here. A binary
 * broadcast's bytes (a Buffer in the message's `payload`) count as they are.
 */
export function payloadTooLarge(message: unknown): boolean {
  const inner = (message as { payload?: unknown } | null)?.payload;
  const size = Buffer.isBuffer(inner)
    ? inner.length + Buffer.byteLength(JSON.stringify({ ...(message as object), payload: null }))
    : Buffer.byteLength(JSON.stringify(message) ?? '');
  return size > MAX_PAYLOAD_BYTES;
}
