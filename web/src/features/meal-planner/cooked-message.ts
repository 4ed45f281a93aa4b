import { countedAs, formatAmountText } from '../../../../shared/display/amount.ts';
import type { CookedAnswer } from './api.ts';

/**
 * What marking a meal cooked says (issue 25): what it took from the pantry ("Took 300 g jasmine
 * rice, 2 egg from the pantry."), what it kept apart because the units do not convert, or that
 * the household keeps the pantry as it is.
 */
export function cookedMessage(answer: CookedAnswer & { apart: readonly string[] }): string {
  if (!answer.subtracted) return 'Marked cooked. Your household keeps the pantry as it is when cooking.';
  const took = answer.took.map((t) => `${formatAmountText(t.quantity, countedAs(t.unit, t.name))} ${t.name}`);
  const parts = [
    took.length > 0
      ? `Marked cooked. Took ${took.join(', ')} from the pantry.`
      : 'Marked cooked. Nothing in the pantry matched it.',
  ];
  if (answer.apart.length > 0)
    parts.push(`Left alone, as their units do not convert: ${answer.apart.join(', ')}.`);
  return parts.join(' ');
}
