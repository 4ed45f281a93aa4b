import type { RecipeLine } from '../../../../../shared/nutrition/index.ts';
import { CostTrend } from './cost-trend.tsx';
import { SpecialsList } from './specials-list.tsx';

/**
 * The items on special with their verdicts, and what the lines cost over 12 weeks (issue 18
 * part 8), for a recipe or the shopping basket: `what` names the whole in the trend's caption.
 */
export function PriceInsights({ lines, what }: { lines: readonly RecipeLine[]; what: string }) {
  const ingredients = lines.flatMap((l) => (l.ingredients ? [l.ingredients] : []));
  return (
    <>
      <section aria-labelledby="specials-h">
        <h2 id="specials-h">On special</h2>
        <SpecialsList ingredients={ingredients} />
      </section>
      <section aria-labelledby="trend-h">
        <h2 id="trend-h">Cost over 12 weeks</h2>
        <p className="muted small">What {what} cost each week at each chain.</p>
        <CostTrend lines={lines} />
      </section>
    </>
  );
}
