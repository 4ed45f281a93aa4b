/**
 * How long the realtime socket waits before its next attempt to reconnect, by attempt (1, 2, …).
 * realtime-js's own schedule (1, 2, 5, then every 10 s) left the app up to 10 s behind a stack
 * that had come back (about 27 s after a short outage). This one backs off from 250 ms to
 * 1.5 s, so the app is back within 2 s of the stack, and after about five minutes of trying
 * settles at every 5 s; a little jitter keeps a fleet of tabs from knocking in step. An attempt
 * is one WebSocket handshake (a refused connection while the stack is down), light on both ends.
 */
export const RECONNECT_BRISK_ATTEMPTS = 200;
export const RECONNECT_MAX_MS = 1500;
export const RECONNECT_SLOW_MS = 5000;
const RECONNECT_FIRST_MS = 250;

export function reconnectAfterMs(tries: number, random: () => number = Math.random): number {
  if (tries > RECONNECT_BRISK_ATTEMPTS) return RECONNECT_SLOW_MS;
  const base = Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, tries - 1), RECONNECT_MAX_MS);
  return Math.round(base * (0.8 + 0.2 * random()));
}
