/**
 * Coerces a database numeric (a number, or a numeric string as PostgREST may send for
 * `numeric` columns) to a finite number; anything else is `null`. Internal helper.
 */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    // Number() ignores surrounding whitespace but reads a blank string as 0.
    const n = Number(value);
    if (n === 0 && value.trim() === '') return null;
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A finite number ≥ 0, or 0 for anything else (negative, NaN, ±Infinity, non-numbers). */
export function nonNegative(value: unknown): number {
  const n = toFiniteNumber(value);
  return n !== null && n > 0 ? n : 0;
}

/** Rounds to cents; the result is never -0 and never NaN (NaN → 0). */
export function roundCents(value: number): number {
  return roundTo(value, 2);
}

/** Rounds to `digits` decimals; the result is never -0 and never NaN (NaN → 0). */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return 0;
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  // Beyond about 1e306 scaling overflows; such a number has no decimals left to round.
  if (!Number.isFinite(r)) return value;
  return r === 0 ? 0 : r;
}
