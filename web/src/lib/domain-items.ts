/**
 * The rules of shared/ that the pantry and shopping screens need (reading and showing an item's
 * amount), imported by path like `domain-core.ts` so those screens do not load the pricing and
 * nutrition rules with them (bench/web.bench.ts measures each route's first load).
 */
export { formatAmountText } from '../../../shared/display/amount.ts';
export { parseQuantity } from '../../../shared/quantity/parse.ts';
