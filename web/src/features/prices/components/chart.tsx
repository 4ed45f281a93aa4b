import { lazy, type ReactNode, Suspense } from 'react';
import type { LineSeries } from './line-chart.tsx';

// chart.js loads with the first chart shown, never with the app's first page.
const LineChart = lazy(() => import('./line-chart.tsx'));

/**
 * A chart loaded on demand, with its figures as a table for screen readers and anyone who
 * prefers numbers (`table`, shown on request).
 */
export function ChartWithTable({
  labels,
  series,
  summary,
  table,
  height = 180,
}: {
  labels: string[];
  series: LineSeries[];
  summary: string;
  table: ReactNode;
  height?: number;
}) {
  return (
    <figure className="chart-figure">
      <Suspense fallback={<div className="chart chart-loading" style={{ height }} aria-hidden="true" />}>
        <LineChart labels={labels} series={series} summary={summary} height={height} />
      </Suspense>
      <details className="chart-table">
        <summary>Show as a table</summary>
        {table}
      </details>
    </figure>
  );
}
