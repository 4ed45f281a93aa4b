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

/** Today's calendar date in `timeZone`, as a UTC midnight timestamp. */
function localMidnight(now: Date, timeZone: string): number {
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
