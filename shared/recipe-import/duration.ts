/** Minutes in an ISO 8601 duration ('PT1H30M', 'P0DT45M', 'PT90M'); null when it is not one. */
export function isoDurationMinutes(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      value.trim(),
    );
  if (!m || value.trim().toUpperCase() === 'P' || value.trim().toUpperCase() === 'PT') return null;
  const [d, h, min, s] = [m[1], m[2], m[3], m[4]].map((x) => (x === undefined ? 0 : Number(x))) as [
    number,
    number,
    number,
    number,
  ];
  const total = Math.round(d * 1440 + h * 60 + min + s / 60);
  return Number.isFinite(total) && total >= 0 ? total : null;
}

const MINUTES_PER = { d: 1440, h: 60, m: 1 } as const;

/**
 * Minutes in a time as recipe apps and pages write it: an ISO 8601 duration, a number of minutes
 * (Tandoor's, or '20' typed into Mealie or Paprika), '1:30' (hours and minutes), or words such as
 * '1 hour 30 minutes' (Mealie writes times so), '1 hr 30 mins', '1h30m', 'about 45 min'.
 * Null when it is none of these.
 */
export function durationMinutes(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const iso = isoDurationMinutes(value);
  if (iso !== null) return iso;
  const text = value.trim().toLowerCase();
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  let total: number | null = null;
  for (const m of text.matchAll(
    /(\d{1,6}(?:[.,]\d{1,3})?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m)(?![a-z])/g,
  )) {
    const unit = (m[2] as string)[0] as keyof typeof MINUTES_PER;
    total = (total ?? 0) + Number((m[1] as string).replace(',', '.')) * MINUTES_PER[unit];
  }
  return total === null ? null : Math.round(total);
}

/**
 * A recipe's time in minutes: its total when it gives one, else the sum of the parts it gives
 * (preparation, cooking, waiting); null when it gives none, or they come to nothing (apps write
 * 0 for a time not filled in).
 */
export function recipeMinutes(total: unknown, ...parts: unknown[]): number | null {
  const whole = durationMinutes(total);
  if (whole !== null && whole > 0) return whole;
  const known = parts.map(durationMinutes).filter((p) => p !== null);
  const sum = known.reduce((a, b) => a + b, 0);
  return sum > 0 ? sum : null;
}
