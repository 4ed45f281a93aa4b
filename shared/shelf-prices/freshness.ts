/**
 * When a product's price is out of date (issue 18): items missing from newer feeds are never
 * deleted, they go stale after 7 days unseen (public.stale_chain_products holds the same 7).
 */

import { dayNumber } from '../dates/day-number.ts';

/** Days a product may go unseen before its price is shown as stale. */
export const STALE_AFTER_DAYS = 7;

/** Whole days from `lastSeen` to `today` (YYYY-MM-DD), never below 0; null when either is not a date. */
export function daysUnseen(lastSeen: string, today: string): number | null {
  const seen = dayNumber(lastSeen);
  const now = dayNumber(today);
  return seen === null || now === null ? null : Math.max(0, now - seen);
}

/** Whether a product last seen on `lastSeen` is stale on `today`: unseen for more than 7 days. */
export function isStale(lastSeen: string, today: string): boolean {
  const days = daysUnseen(lastSeen, today);
  return days !== null && days > STALE_AFTER_DAYS;
}
