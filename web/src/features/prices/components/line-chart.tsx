import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatAud } from '../../../lib/format.ts';

// Only what a line chart of prices needs, so the chunk stays small (chart.js is tree-shaken).
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

export interface LineSeries {
  label: string;
  data: (number | null)[];
  color: string;
  /** A reference line (the typical price): dashed, no points. */
  dashed?: boolean;
  /** Draw as steps: a shelf price holds until it changes. */
  stepped?: boolean;
}

/**
 * A line chart of dollar amounts on a canvas. The canvas is an image to assistive technology,
 * named by `summary`; every chart's figures are also in a table beside it.
 */
export default function LineChart({
  labels,
  series,
  summary,
  height = 180,
}: {
  labels: string[];
  series: LineSeries[];
  summary: string;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Redrawn when the figures change, not on every render of the screen around it.
  const figures = JSON.stringify([labels, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `figures` stands for labels and series
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.data,
          borderColor: s.color,
          backgroundColor: s.color,
          borderWidth: 2,
          borderDash: s.dashed ? [6, 4] : undefined,
          pointRadius: s.dashed || s.stepped ? 0 : 2,
          stepped: s.stepped ? 'before' : false,
          spanGaps: false,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          // A phone's chart is about 260 px wide: keep a word's gap between dates ('14 Sept').
          x: { ticks: { maxTicksLimit: 6, maxRotation: 0, autoSkipPadding: 16 } },
          y: { ticks: { callback: (v) => formatAud(Number(v)) } },
        },
        plugins: {
          // Lines in the key as on the chart, the typical price dashed (a box drew its dashes as a blot).
          legend: {
            display: series.length > 1,
            labels: { usePointStyle: true, pointStyle: 'line', pointStyleWidth: 20 },
          },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatAud(c.parsed.y)}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [figures]);
  return (
    <div className="chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
