/**
 * Numbers and dollars as en-AU writes them ('100,000', '$1,234.50', '-$4.50'), the same text
 * as `Intl.NumberFormat('en-AU')` gives, without Intl: a page's first Intl formatter loads the
 * browser's locale data, a 15–45 ms task on a fast desktop, so the screens that open the app
 * (the recipe cards' prices, the field messages) write their figures themselves.
 */

/** Digits of a whole number in groups of three: '100000' → '100,000'. */
function grouped(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** A whole number with thousands separators ('25,000'); anything else as `String` writes it. */
export function wholeNumberText(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  return (n < 0 ? '-' : '') + grouped(String(Math.abs(n)));
}

/**
 * Dollars to the cent, rounding half away from zero on the shortest decimal that reads back as
 * the number (as Intl does: 1.005 is '$1.01', though 1.005 × 100 is 100.49999…). Negative
 * amounts, -0 included, take a leading '-'. Beyond about 10^15 dollars, or for NaN and ±∞,
 * Intl itself writes it: no price or total comes near.
 */
export function audText(dollars: number): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) >= 1e15) {
    return new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(dollars);
  }
  // Below 10^-6 the shortest text is exponential ('1e-7'): far below half a cent.
  const text = Math.abs(dollars) < 1e-6 ? '0' : Math.abs(dollars).toString();
  const [whole = '0', fraction = ''] = text.split('.');
  let cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : '';
  const c = cents.toString().padStart(3, '0');
  return `${sign}$${grouped(c.slice(0, -2))}.${c.slice(-2)}`;
}
