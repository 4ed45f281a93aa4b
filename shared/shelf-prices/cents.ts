/**
 * A price from a feed in dollars (a float such as 4.35, whose binary value is 4.3499999…) as
 * whole cents, exactly; `null` when it is not a whole number of cents, negative, or not a
 * finite number (a feed error the import reports, rather than a price it rounds).
 */
export function dollarsToCents(dollars: number): number | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars < 0) return null;
  const scaled = dollars * 100;
  const cents = Math.round(scaled);
  // A cent amount is off by at most a few ulps once scaled; a half cent is off by 0.5.
  return Math.abs(scaled - cents) < 1e-6 * Math.max(1, cents) && Number.isSafeInteger(cents) ? cents : null;
}
