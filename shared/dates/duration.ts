const MINUTES_PER_HOUR = 60;

/**
 * Formats a duration in minutes as `'N hour(s) M min'` (spec 9 "Duration display"; spec 5: empty
 * for a missing or non-numeric value): `45` → `'45 min'`, `60` → `'1 hour'`, `90` →
 * `'1 hour 30 min'`, `150` → `'2 hours 30 min'`, `0` → `'0 min'`.
 *
 * Numbers and numeric strings (`'90'`) are accepted and rounded to whole minutes; missing,
 * non-numeric, negative, infinite or absurdly large (beyond 2^53 minutes) values give `''`.
 */
export function formatDuration(minutes: unknown): string {
  let n: number;
  if (typeof minutes === 'number') n = minutes;
  else if (typeof minutes === 'string' && minutes.trim() !== '') n = Number(minutes.trim());
  else return '';
  if (!Number.isFinite(n) || n < 0) return '';
  const total = Math.round(n);
  if (total > Number.MAX_SAFE_INTEGER) return '';
  const hours = Math.floor(total / MINUTES_PER_HOUR);
  const mins = total % MINUTES_PER_HOUR;
  if (hours === 0) return `${mins} min`;
  const h = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return mins === 0 ? h : `${h} ${mins} min`;
}
