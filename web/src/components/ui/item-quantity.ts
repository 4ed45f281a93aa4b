import { parseQuantity } from '../../lib/domain-items.ts';

export const QUANTITY_ERROR = 'Enter a quantity such as 2, 1.5, 1 1/2 or ½ (or leave it empty).';

/** Zero written as a number ('0', '0.0'), which parseQuantity cannot tell from nonsense. */
const ZERO = /^0*(?:\.0*)?$/;

/**
 * A typed pantry or shopping quantity, read as recipe quantities are (spec 5: '1 1/2', '1/2',
 * '½', '2.5', '1,000'): `null` when empty, the number when it is a quantity, `undefined` when the
 * text is not one ('a few', '1-2', '-1').
 */
export function readItemQuantity(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const n = parseQuantity(t);
  if (n > 0) return n;
  return ZERO.test(t) && /\d/.test(t) ? 0 : undefined;
}
