/** Denominators a quantity may snap to (spec 9: eighths, thirds, quarters, halves). */
export const SNAP_DENOMINATORS: readonly number[] = [2, 3, 4, 8];
/** How close (absolute) a value must be to a fraction to snap to it (spec 9). */
export const SNAP_TOLERANCE = 0.05;

interface Snap {
  whole: number;
  numerator: number;
  denominator: number;
}

/**
 * Snaps `n` to the nearest whole number or fraction with a denominator in
 * {@link SNAP_DENOMINATORS} when within {@link SNAP_TOLERANCE}; ties go to the simpler
 * fraction. `null` when nothing is close enough. Internal to quantity display.
 */
export function snapFraction(n: number): Snap | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const whole = Math.floor(n);
  const frac = n - whole;
  let best: Snap | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [w, numerator, denominator] of candidates(whole)) {
    const d = Math.abs(frac - (w - whole) - numerator / denominator);
    if (d <= SNAP_TOLERANCE + 1e-9 && d < bestDistance - 1e-9) {
      best = { whole: w, numerator, denominator };
      bestDistance = d;
    }
  }
  if (best === null) return null;
  const g = gcd(best.numerator, best.denominator);
  return { whole: best.whole, numerator: best.numerator / g, denominator: best.denominator / g };
}

/** Whole numbers first, then fractions by growing denominator, so ties keep the simpler one. */
function candidates(whole: number): [number, number, number][] {
  const list: [number, number, number][] = [
    [whole, 0, 1],
    [whole + 1, 0, 1],
  ];
  for (const denominator of SNAP_DENOMINATORS) {
    for (let numerator = 1; numerator < denominator; numerator++) list.push([whole, numerator, denominator]);
  }
  return list;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Formats a quantity for display (spec 9 "Quantity display").
 *
 * - Whole numbers print plain: `2` → `'2'`.
 * - Values within 0.05 of a whole number or of an eighth, third, quarter or half snap to it and
 *   print as ASCII fractions: `1.5` → `'1 1/2'`, `0.33` → `'1/3'`, `0.97` → `'1'`. ASCII
 *   (not `'½'`) because it reads the same in every font and screen reader, is what people
 *   type, and {@link parseQuantity} reads it back unchanged.
 * - Otherwise one decimal (`2.56` → `'2.6'`), or two under 0.25 (`0.06` → `'0.06'`, `0.04` →
 *   `'0.04'`), without trailing zeros.
 * - A positive amount never prints `'0'`: snapping to 0 is skipped (a positive amount is not
 *   "nothing"), and an amount under 0.005, which two decimals would round to `0.00`, prints
 *   `'0.01'`, the smallest amount two decimals show. `'0.01'` rather than `'< 0.01'` so the text
 *   stays a number that {@link parseQuantity} reads back (forms and lists round-trip it).
 * - Zero, negative, NaN or infinite input prints `'0'`.
 */
export function formatQuantity(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return '0';
  const snap = snapFraction(n);
  if (snap !== null && !(snap.whole === 0 && snap.numerator === 0)) {
    if (snap.numerator === 0) return String(snap.whole);
    const fraction = `${snap.numerator}/${snap.denominator}`;
    return snap.whole === 0 ? fraction : `${snap.whole} ${fraction}`;
  }
  return formatDecimal(n, n < 0.25 ? 2 : 1);
}

/**
 * `n` (> 0) with at most `digits` decimals and no trailing zeros; never `'0'`: an amount that
 * rounds to zero prints the smallest step shown (`0.004`, 2 → `'0.01'`). Internal to display.
 */
export function formatDecimal(n: number, digits: number): string {
  const text = n.toFixed(digits).replace(/\.0+$|(\.\d*?)0+$/, '$1');
  return Number(text) > 0 ? text : (10 ** -digits).toFixed(digits);
}
