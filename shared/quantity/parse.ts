import { numericQuantity } from 'numeric-quantity';
import { memoByString } from '../internal/memo.ts';

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
const TO_TASTE = /^to\s+taste$/i;

/**
 * Parses a recipe quantity (spec 3 `recipe_ingredients.quantity`, spec 5 "Quantity parsing").
 *
 * - empty (`''`, whitespace, `null`, `undefined`) → 0;
 * - numbers pass through (a negative, NaN or infinite number → 0);
 * - `'to taste'` (any case) → 0;
 * - mixed numbers `'1 1/2'`, simple fractions `'1/2'`, vulgar fractions `'½'`, `'1½'`, `'1 ½'`,
 *   decimals `'2.5'` and grouped thousands `'1,000'` are recognised (by the `numeric-quantity`
 *   package, without its 3-decimal rounding);
 * - anything else (ranges `'1-2'`, words, `'2 cups'`, objects, booleans) → 0.
 *
 * @returns a finite number ≥ 0; never NaN, negative or Infinity.
 */
export function parseQuantity(q: unknown): number {
  if (typeof q === 'number') return Number.isFinite(q) && q > 0 ? q : 0;
  if (typeof q !== 'string') return 0;
  return parseCached(q);
}

const parseCached = memoByString(2048, (q) => parseText(q.trim()));

function parseText(text: string): number {
  if (text === '' || TO_TASTE.test(text)) return 0;
  if (PLAIN_DECIMAL.test(text)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : 0;
  }
  return parseWithLibrary(text);
}

function parseWithLibrary(text: string): number {
  const n = numericQuantity(text, { round: false });
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
}
