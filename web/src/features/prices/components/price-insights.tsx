import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type TrendSource, trendIngredients } from '../trend-source.ts';

// Below a recipe and below the basket: their price history code loads once the page above has drawn.
const SpecialsList = lazy(() => import('./specials-list.tsx').then((m) => ({ default: m.SpecialsList })));
const CostTrend = lazy(() => import('./cost-trend.tsx').then((m) => ({ default: m.CostTrend })));

/**
 * The items on special with their verdicts, and what the lines cost over 12 weeks (issue 18
 * part 8), for a recipe or the shopping basket: `what` names the whole in the trend's caption.
 */
export function PriceInsights({ source, what }: { source: TrendSource; what: string }) {
  const ingredients = trendIngredients(source);
  return (
    <>
      <section aria-labelledby="specials-h">
        <h2 id="specials-h">On special</h2>
        <Suspense fallback={<Skeleton lines={1} label="Loading specials..." />}>
          <SpecialsList ingredients={ingredients} />
        </Suspense>
      </section>
      <section aria-labelledby="trend-h">
        <h2 id="trend-h">Cost over 12 weeks</h2>
        <p className="muted small">What {what} cost each week at each chain.</p>
        <Suspense fallback={<Skeleton lines={1} label="Loading the cost trend..." />}>
          <CostTrend source={source} />
        </Suspense>
      </section>
    </>
  );
}
