import { parseQuantity } from '../quantity/parse.ts';
import { LIMITS } from './limits.ts';

/**
 * What an ingredient line's quantity may say, as a regular expression JavaScript and PostgreSQL
 * read alike (the migration's check constraint holds the same text; a test compares them): a
 * whole or decimal number ('2', '1.5'), a fraction ('1/2'), a mixed number ('1 1/2'), a vulgar
 * fraction with or without a whole part ('½', '1½', '1 ½'), or 'to taste'. Every match stands
 * for less than 10,000.
 */
export const QUANTITY_TEXT_PATTERN =
  '^([0-9]{1,4}([.][0-9]{1,3})?|([0-9]{1,3} )?[0-9]{1,3}/[0-9]{1,3}|([0-9]{1,4} ?)?[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|[Tt][Oo] [Tt][Aa][Ss][Tt][Ee])$';

/** The matches that stand for nothing: zero ('0', '0.0', '0/4', '0 0/4') or a zero denominator. */
export const ZERO_QUANTITY_PATTERN = '^0+([.]0+)?$|/0+$|^(0+ )?0+/';

const PATTERN = new RegExp(QUANTITY_TEXT_PATTERN);
const ZERO = new RegExp(ZERO_QUANTITY_PATTERN);

/**
 * Whether an ingredient line's quantity (normalised, not empty) is one a recipe can be cooked
 * from: 'to taste', or an amount {@link parseQuantity} reads as more than 0 and below
 * {@link LIMITS.lineQuantity}.max + 1. 'abc', '0', '1/0' and '-2' are refused.
 */
export function isQuantityText(text: string): boolean {
  if (typeof text !== 'string' || !PATTERN.test(text) || ZERO.test(text)) return false;
  if (/^to taste$/i.test(text)) return true;
  const amount = parseQuantity(text);
  return amount > 0 && amount < LIMITS.lineQuantity.max + 1;
}
