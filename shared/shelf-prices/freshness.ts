/**
 * When a product's price is out of date (issue 18): items missing from newer feeds are never
 * deleted, they go stale after 7 days unseen (public.stale_chain_products holds the same 7).
 */

/** Days a product may go unseen before its price is shown as stale. */
export const STALE_AFTER_DAYS = 7;

const MS_PER_DAY = 86_400_000;

function dayOf(date: unknown): number | null {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) ? ms / MS_PER_DAY : null;
}

/** Whole days from `lastSeen` to `today` (YYYY-MM-DD), never below 0; null when either is not a date. */
export function daysUnseen(lastSeen: string, today: string): number | null {
  const seen = dayOf(lastSeen);
  const now = dayOf(today);
  return seen === null || now === null ? null : Math.max(0, now - seen);
}

/** Whether a product last seen on `lastSeen` is stale on `today`: unseen for more than 7 days. */
export function isStale(lastSeen: string, today: string): boolean {
  const days = daysUnseen(lastSeen, today);
  return days !== null && days > STALE_AFTER_DAYS;
}
