import { dayNumber } from './day-number.ts';

/** Within this many days of its use-by day, a pantry item is one to use soon. */
export const USE_SOON_DAYS = 3;

export type UseByState = 'past' | 'today' | 'soon' | 'later';

/** Days from `today` to `useBy` (negative when gone), or null unless both are real days. */
function daysUntil(useBy: unknown, today: unknown): number | null {
  const [day, now] = [dayNumber(useBy), dayNumber(today)];
  return day === null || now === null ? null : day - now;
}

/**
 * Where a pantry item's use-by day stands on `today` (both 'YYYY-MM-DD', today as planToday gives
 * it, Australia/Sydney's): gone past it, today, within USE_SOON_DAYS, or later; null without one.
 */
export function stateOfUseBy(useBy: string | null | undefined, today: string): UseByState | null {
  const days = daysUntil(useBy, today);
  if (days === null) return null;
  if (days < 0) return 'past';
  if (days === 0) return 'today';
  return days <= USE_SOON_DAYS ? 'soon' : 'later';
}

const DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** The use-by day as the pantry says it: 'Use today', 'Use by tomorrow', 'Use by Fri 4 Dec', 'Past its use-by (Mon 30 Nov)'. */
export function describeUseBy(useBy: string, today: string): string {
  const state = stateOfUseBy(useBy, today);
  if (state === null) return '';
  // From the parts, so every engine's ICU writes it alike ('Sat 28 Nov', never 'Sat, 28 Nov').
  const day = DAY.formatToParts(new Date(`${useBy}T00:00:00Z`))
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join(' ');
  if (state === 'past') return `Past its use-by (${day})`;
  if (state === 'today') return 'Use today';
  return daysUntil(useBy, today) === 1 ? 'Use by tomorrow' : `Use by ${day}`;
}
