/** The default time zone for "today" (docs/decisions.md "Dates and time zone"). */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
/** Days after today the meal planner shows (spec 9 "Meal planner window: today through 7 days ahead"). */
export const MEAL_WINDOW_DAYS = 7;

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Today's calendar date in `timeZone`, as a UTC midnight timestamp. */
function localMidnight(now: Date, timeZone: string): number {
  let f: Intl.DateTimeFormat;
  try {
    f = formatterFor(timeZone);
  } catch {
    f = formatterFor(DEFAULT_TIME_ZONE);
  }
  let year = 1970;
  let month = 1;
  let day = 1;
  for (const part of f.formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  return utc.getTime();
}

function isoDate(ms: number): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const year =
    y >= 0 && y <= 9999
      ? String(y).padStart(4, '0')
      : (y < 0 ? '-' : '+') + String(Math.abs(y)).padStart(6, '0');
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${year}-${m}-${day}`;
}

/**
 * The meal planner's window (spec 9 "Meal planner window", spec 7 `meal_planner` select): today
 * through today + 7 days in `timeZone`, as ISO dates (`YYYY-MM-DD`).
 *
 * @param now the instant to take "today" from; an invalid or missing date means the current time.
 * @param timeZone an IANA zone; an unknown one falls back to `Australia/Sydney`.
 * @returns `from` (today), `to` (today + 7) and `dates`, the 8 dates in order. Calendar days,
 *   so daylight-saving changes never skip or repeat a date.
 */
export function mealWindow(
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): { from: string; to: string; dates: string[] } {
  const instant = now instanceof Date && Number.isFinite(now.getTime()) ? now : new Date();
  const zone = typeof timeZone === 'string' && timeZone !== '' ? timeZone : DEFAULT_TIME_ZONE;
  const start = localMidnight(instant, zone);
  const dates: string[] = [];
  for (let i = 0; i <= MEAL_WINDOW_DAYS; i++) dates.push(isoDate(start + i * MS_PER_DAY));
  return { from: dates[0] as string, to: dates[MEAL_WINDOW_DAYS] as string, dates };
}
