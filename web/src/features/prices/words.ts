import type { ShelfUnitPrice } from '../../../../shared/shelf-prices/shelf-price.ts';
import type { SpecialJudgement } from '../../../../shared/shelf-prices/special.ts';
import { formatAud } from '../../lib/format.ts';

/** Whole cents as dollars ('$4.50'); a dash for none. */
export function centsText(n: number | null): string {
  return n === null ? '—' : formatAud(n / 100);
}
const cents = centsText;

/** The unit price as a shelf ticket prints it: '$0.42 per 100 g', '$4.90 per kg', '$0.75 each'. */
export function unitPriceText(unit: ShelfUnitPrice | null): string {
  if (!unit) return '—';
  return unit.per === 'each' ? `${cents(unit.cents)} each` : `${cents(unit.cents)} per ${unit.per}`;
}

/** What a verdict means for this price, in one plain sentence with its figures. */
export function verdictSentence(j: SpecialJudgement): string {
  const price = cents(j.priceCents);
  const typical = cents(j.typicalCents);
  const low30 = j.low30Cents === null ? null : cents(j.low30Cents);
  switch (j.verdict) {
    case 'real-special':
      return low30
        ? `${price} is below its usual ${typical} and below its lowest of the 30 days before (${low30}).`
        : `${price} is below its usual ${typical}.`;
    case 'inflated-was-price':
      return `${price} is a real saving on its usual ${typical}, but the “was” price on the ticket is higher than it usually sold for.`;
    case 'not-really-a-special':
      return low30
        ? `Sold as a special, but ${price} is not below its usual ${typical} or its lowest of the 30 days before (${low30}).`
        : `Sold as a special, but ${price} is not below its usual ${typical}.`;
    case 'dearer-than-usual':
      return `${price} is more than its usual ${typical}.`;
    case 'usual':
      return `${price} is its usual price (typically ${typical}).`;
    case 'not-enough-history':
      return j.priceCents === null
        ? 'No recent price to judge.'
        : `Too few days of prices in the last 12 weeks to say what is usual (${j.knownDays} known).`;
  }
}

/** Each chain's line colour in the charts (its brand colour, dark enough on white). */
export const CHAIN_COLORS = { coles: '#c8102e', woolworths: '#1b7a3a', aldi: '#00457c' } as const;
/** The typical-price line. */
export const TYPICAL_COLOR = '#6b6b6b';
