/**
 * The meal plan's time zone (docs/decisions.md "Dates and time zone"): its "today" starts the
 * planner's window (spec 9) and ends the past that housekeeping deletes (spec 4), the same day in
 * every browser and in the cleanup-meals function.
 */
export const PLAN_TIME_ZONE = 'Australia/Sydney';
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

const HOUR = 3_600_000;
/** The years Sydney's clocks have followed NSW's rule below (from 2008) and that it is checked for. */
const SYDNEY_RULE_YEARS = { from: 2008, to: 2100 } as const;

/** Saturday 16:00 UTC before the first Sunday of `month` (0-based): 2 am standard time in Sydney. */
function firstSundayChange(year: number, month: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const sunday = 1 + ((7 - first) % 7);
  return Date.UTC(year, month, sunday) - 8 * HOUR;
}

/**
 * Sydney's calendar date at `ms` without Intl, or null outside the years the rule covers: the
 * planner opens on it, and a page's first Intl formatter loads the browser's locale and zone
 * data, a 13–15 ms task on a fast desktop. NSW keeps UTC+10, and UTC+11 from the first Sunday
 * of October to the first Sunday of April (both at 2 am standard time); the tests hold this to
 * Intl's own answer hour by hour, so a change in the law shows up there first.
 */
function sydneyMidnight(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (year < SYDNEY_RULE_YEARS.from || year > SYDNEY_RULE_YEARS.to) return null;
  const summer = ms < firstSundayChange(year, 3) || ms >= firstSundayChange(year, 9);
  const local = new Date(ms + (summer ? 11 : 10) * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

/** Today's calendar date in `timeZone`, as a UTC midnight timestamp. */
function localMidnight(now: Date, timeZone: string): number {
  if (timeZone === PLAN_TIME_ZONE) {
    const sydney = sydneyMidnight(now.getTime());
    if (sydney !== null) return sydney;
  }
  let f: Intl.DateTimeFormat;
  try {
    f = formatterFor(timeZone);
  } catch {
    f = formatterFor(PLAN_TIME_ZONE);
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
 * @param timeZone an IANA zone, the plan's (Australia/Sydney) unless given; an unknown one falls
 *   back to the plan's.
 * @returns `from` (today), `to` (today + 7) and `dates`, the 8 dates in order. Calendar days,
 *   so daylight-saving changes never skip or repeat a date.
 */
export function mealWindow(
  now: Date = new Date(),
  timeZone: string = PLAN_TIME_ZONE,
): { from: string; to: string; dates: string[] } {
  const instant = now instanceof Date && Number.isFinite(now.getTime()) ? now : new Date();
  const zone = typeof timeZone === 'string' && timeZone !== '' ? timeZone : PLAN_TIME_ZONE;
  const start = localMidnight(instant, zone);
  const dates: string[] = [];
  for (let i = 0; i <= MEAL_WINDOW_DAYS; i++) dates.push(isoDate(start + i * MS_PER_DAY));
  return { from: dates[0] as string, to: dates[MEAL_WINDOW_DAYS] as string, dates };
}

/**
 * The meal plan's today at `now`, as an ISO date: the first day of the planner's window, and the
 * day before which meals are past and deleted (spec 4 "Meal planner housekeeping"), by the web app
 * and by cleanup-meals alike. Australia/Sydney's calendar date ({@link PLAN_TIME_ZONE}); an
 * invalid or missing `now` means the current time.
 */
export function planToday(now: Date = new Date()): string {
  return mealWindow(now).from;
}
