import { useMemo } from 'react';
import type { NeedLine } from '../../../../../shared/basket/needs.ts';
import type { RecipeLine } from '../../../../../shared/nutrition/types.ts';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { basketCostTrend, costTrend } from '../../../../../shared/shelf-prices/cost-trend.ts';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { formatAud, formatDayMonth } from '../../../lib/format.ts';
import { latestDay, trendProducts } from '../derive.ts';
import { useIngredientPrices } from '../store.ts';
import { type TrendSource, trendIngredients } from '../trend-source.ts';
import { CHAIN_COLORS } from '../words.ts';
import { ChartWithTable } from './chart.tsx';
import { PricesPending } from './prices-pending.tsx';

/**
 * What the lines cost at each chain, week by week over the 12 weeks to the latest prices, by the
 * rule that prices them today (shared costTrend for a recipe, basketCostTrend for a basket), with
 * a table alternative.
 */
export function CostTrend({ source }: { source: TrendSource }) {
  const ids = trendIngredients(source).map((i) => i.id);
  const { status, products } = useIngredientPrices(ids);
  const end = latestDay(products);
  // By the lines, not the source: a page passes a new source object each time it draws.
  const { kind, lines: sourceLines } = source;
  const trend = useMemo(() => {
    if (!end) return null;
    return kind === 'recipe'
      ? costTrend(sourceLines as readonly RecipeLine[], trendProducts(products), end)
      : basketCostTrend(sourceLines as readonly NeedLine[], trendProducts(products), end);
  }, [kind, sourceLines, products, end]);
  const points = trend?.weeks ?? [];
  if (status !== 'ready')
    return <PricesPending status={status} ids={ids} label="Loading the cost trend..." />;
  const chains = CHAINS.filter((c) => points.some((p) => p.totals[c] !== null));
  if (!end || chains.length === 0)
    return <p className="muted">No price history for these ingredients yet.</p>;
  const moves = chains.map((c) => {
    const known = points.map((p) => p.totals[c]).filter((t): t is number => t !== null);
    return `${CHAIN_NAMES[c]} ${formatAud(known[0])} to ${formatAud(known[known.length - 1])}`;
  });
  const lines = trend?.lines ?? 0;
  const partial = chains.filter((c) => (trend?.priced[c] ?? 0) < lines);
  return (
    <>
      <SampleBadge sample={products.some((p) => p.sample)} />
      {partial.length > 0 ? (
        <p className="muted small">
          Counting the ingredients with a price in each of the 12 weeks:{' '}
          {partial.map((c) => `${CHAIN_NAMES[c]} ${trend?.priced[c]} of ${lines}`).join(', ')}.
        </p>
      ) : null}
      <ChartWithTable
        height={160}
        labels={points.map((p) => formatDayMonth(p.date))}
        series={chains.map((c) => ({
          label: CHAIN_NAMES[c],
          data: points.map((p) => p.totals[c]),
          color: CHAIN_COLORS[c],
        }))}
        summary={`Cost each week over the 12 weeks to ${formatDayMonth(end)}: ${moves.join('; ')}.`}
        table={
          <table className="breakdown">
            <caption>Cost each week, 12 weeks to {formatDayMonth(end)}</caption>
            <thead>
              <tr>
                <th scope="col">Week to</th>
                {chains.map((c) => (
                  <th key={c} scope="col">
                    {CHAIN_NAMES[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{formatDayMonth(p.date)}</th>
                  {chains.map((c) => (
                    <td key={c}>{formatAud(p.totals[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}
