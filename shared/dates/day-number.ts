/**
 * Calendar days as numbers: days since 1970-01-01, for comparing and counting YYYY-MM-DD dates
 * without time zones (price feeds, use-by days, the forms that check a date).
 */

const MS_PER_DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayCache = new Map<string, number | null>();

/** Days since 1970-01-01 of a real YYYY-MM-DD calendar date; null for anything else. */
export function dayNumber(date: unknown): number | null {
  if (typeof date !== 'string') return null;
  // Feeds repeat a few dates thousands of times.
  const known = dayCache.get(date);
  if (known !== undefined) return known;
  const day = readDay(date);
  if (dayCache.size > 4096) dayCache.clear();
  dayCache.set(date, day);
  return day;
}

function readDay(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / MS_PER_DAY;
}

/** The YYYY-MM-DD date of a day number (days since 1970-01-01). */
export function dateOfDay(day: number): string {
  if (typeof day !== 'number' || !Number.isInteger(day)) {
    const d = new Date((typeof day === 'number' ? day : Number.NaN) * MS_PER_DAY);
    return Number.isFinite(d.getTime()) ? d.toISOString().slice(0, 10) : '';
  }
  // Feeds repeat a few days thousands of times; Date and toISOString are dear at that rate.
  const known = dateCache.get(day);
  if (known !== undefined) return known;
  const d = new Date(day * MS_PER_DAY);
  const text = Number.isFinite(d.getTime()) ? d.toISOString().slice(0, 10) : '';
  if (dateCache.size > 4096) dateCache.clear();
  dateCache.set(day, text);
  return text;
}
const dateCache = new Map<number, string>();

/** The YYYY-MM-DD date `days` after a date (before, when negative); null when `date` is not a real date. */
export function shiftDate(date: unknown, days: number): string | null {
  const day = dayNumber(date);
  return day === null || !Number.isInteger(days) ? null : dateOfDay(day + days) || null;
}
