import { type SpecialVerdict, VERDICT_WORDS } from '../../../../../shared/shelf-prices/special.ts';

const TONE: Record<SpecialVerdict, string> = {
  'real-special': 'good',
  'not-really-a-special': 'warn',
  'inflated-was-price': 'warn',
  'dearer-than-usual': 'bad',
  usual: 'soft',
  'not-enough-history': 'soft',
};

/** The verdict's name as a badge; its colour only repeats what the words say. */
export function VerdictBadge({ verdict }: { verdict: SpecialVerdict }) {
  return <span className={`badge verdict-${TONE[verdict]}`}>{VERDICT_WORDS[verdict]}</span>;
}
