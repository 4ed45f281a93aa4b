import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart needs, so the rest of chart.js is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  data: (number | null)[];
  colour: string;
}

/**
 * A bar chart drawn by chart.js. The canvas is a picture for sighted people; `summary` names it
 * for screen readers, and the table that always follows it holds the same figures.
 */
export function BarChart({
  labels,
  series,
  summary,
  format,
  wholeNumbers = false,
}: {
  labels: string[];
  series: BarSeries[];
  summary: string;
  format: (value: number) => string;
  /** Counts: the axis steps by whole numbers. */
  wholeNumbers?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${format(Number(c.parsed.y))}` } },
        },
        scales: {
          y: {
            beginAtZero: true,
            ticks: { callback: (v) => format(Number(v)), ...(wholeNumbers ? { precision: 0 } : {}) },
          },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [format, wholeNumbers]);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets = series.map(
      (s): ChartDataset<'bar', (number | null)[]> => ({
        label: s.label,
        data: s.data,
        backgroundColor: s.colour,
        // One cook or one day planned would otherwise fill the chart's width with a single bar.
        maxBarThickness: 56,
      }),
    );
    c.update();
  }, [labels, series]);
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
