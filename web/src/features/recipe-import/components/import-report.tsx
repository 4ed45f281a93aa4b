import { Link } from 'wouter';
import { paths } from '../../../config/paths.ts';
import type { ReportLine } from '../store.ts';

/** What happened to each recipe: imported, updated, skipped, or refused and why. */
export function ImportReport({ report }: { report: readonly ReportLine[] }) {
  const count = (outcome: ReportLine['outcome']) => report.filter((l) => l.outcome === outcome).length;
  return (
    <section aria-labelledby="report-h" className="stack">
      <h2 id="report-h">Import report</h2>
      <p>
        {count('imported')} imported, {count('updated')} updated, {count('skipped')} skipped,{' '}
        {count('refused')} refused.
      </p>
      <ul className="import-report">
        {report.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one report line per recipe, in order
          <li key={i}>
            {line.recipeId ? <Link href={paths.recipe(line.recipeId)}>{line.name}</Link> : line.name}:{' '}
            {line.outcome}
            {line.why ? ` — ${line.why}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
