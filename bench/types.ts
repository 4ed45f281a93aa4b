/** One line of the benchmark table. */
export interface BenchRow {
  /** What was measured, e.g. 'price 10k recipes'. */
  name: string;
  value: number;
  /** 'recipes/s', 'ms', '× floor', … */
  unit: string;
  /** Human-readable target, e.g. '≤ 5× floor'. */
  target?: string;
  /** Whether the target was met; omitted for rows without a target. */
  ok?: boolean;
  details?: Record<string, unknown>;
}
