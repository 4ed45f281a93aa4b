import { listAmounts } from '../../../../../shared/basket/needs.ts';
import type { RecipeCoverage } from '../../../../../shared/cook-from-pantry/coverage.ts';
import { formatBaseAmount } from '../../../../../shared/display/amount.ts';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { formatCents } from '../../../lib/format.ts';
import { canCookNow } from '../views.ts';
import { PlanControl } from './plan-control.tsx';

/** "2 items short", "Can cook now", or how many lines Larder could not count. */
function status(c: RecipeCoverage): string {
  if (canCookNow(c)) return 'Can cook now';
  if (c.counted === 0) return 'Nothing to check';
  return c.short === 1 ? '1 item short' : `${c.short} items short`;
}

const MISSING_SHOWN = 4;

type MissingLine = RecipeCoverage['missing'][number];

function MissingLines({
  lines,
  onStaple,
}: {
  lines: readonly MissingLine[];
  onStaple: (line: { name: string; ingredient_id: number | null }) => void;
}) {
  return (
    <ul className="cook-missing">
      {lines.map((line) => (
        <li key={line.key}>
          <span>
            {line.name} ·{' '}
            <span className="amount">{formatBaseAmount(listAmounts(line).buy, line.base, line.name)}</span>
          </span>
          <button type="button" className="button ghost small" onClick={() => onStaple(line)}>
            Always in stock<span className="visually-hidden">: {line.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One recipe against the pantry: coverage, missing lines, cost to finish, and the two actions. */
export function CoverageCard({
  coverage: c,
  name,
  usesSoon = [],
  dates,
  onAddMissing,
  onPlan,
  onStaple,
}: {
  coverage: RecipeCoverage;
  name: string;
  /** What it uses up of the pantry's items to use soon. */
  usesSoon?: readonly string[];
  dates: readonly string[];
  onAddMissing: (c: RecipeCoverage) => Promise<void>;
  onPlan: (date: string) => Promise<void>;
  onStaple: (line: { name: string; ingredient_id: number | null }) => void;
}) {
  const titleId = `cook-${c.recipeId}`;
  const percent = Math.round(c.coverage * 100);
  const cheapest = c.cheapest;
  // A recipe far from the pantry lists its first few needs; the rest open on request, so a
  // near-empty pantry does not make every card a page long.
  const cut = c.missing.length > MISSING_SHOWN + 1 ? MISSING_SHOWN : c.missing.length;
  const [shown, rest] = [c.missing.slice(0, cut), c.missing.slice(cut)];
  return (
    <article className="card cook-card" aria-labelledby={titleId}>
      <header className="cook-card-head">
        <h2 id={titleId}>{name}</h2>
        <span className={canCookNow(c) ? 'badge' : 'badge soft'}>{status(c)}</span>
      </header>
      <p className="cook-coverage">
        <meter min={0} max={100} value={percent} aria-label={`${name}: ${percent}% in your pantry`} />
        <span>{percent}% in your pantry</span>
      </p>
      {usesSoon.length > 0 ? <p className="cook-soon small">Uses up soon: {usesSoon.join(', ')}</p> : null}
      {c.missing.length > 0 ? (
        <>
          <h3 className="small">Missing</h3>
          <MissingLines lines={shown} onStaple={onStaple} />
          {rest.length > 0 ? (
            <details className="cook-more">
              <summary>{rest.length} more missing</summary>
              <MissingLines lines={rest} onStaple={onStaple} />
            </details>
          ) : null}
          <p className="cook-finish">
            Cost to finish:{' '}
            {cheapest ? (
              <strong>
                {formatCents(cheapest.totalCents)} at {CHAIN_NAMES[cheapest.chain]} (
                {formatCents(cheapest.perPortionCents)} a portion)
              </strong>
            ) : (
              <strong>not priced at any chain</strong>
            )}
          </p>
          <details className="cook-chains">
            <summary>At each chain</summary>
            <table>
              <caption className="visually-hidden">Cost to finish {name} at each chain</caption>
              <thead>
                <tr>
                  <th scope="col">Chain</th>
                  <th scope="col">Total</th>
                  <th scope="col">A portion</th>
                </tr>
              </thead>
              <tbody>
                {CHAINS.map((chain) => (
                  <tr key={chain}>
                    <th scope="row">{CHAIN_NAMES[chain]}</th>
                    <td>{c.chains[chain].priced > 0 ? formatCents(c.chains[chain].totalCents) : '—'}</td>
                    <td>
                      {c.chains[chain].priced > 0 ? formatCents(c.chains[chain].perPortionCents) : '—'}
                      {c.chains[chain].unpriced.length > 0 ? (
                        <span className="small muted"> without {c.chains[chain].unpriced.join(', ')}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
      {c.unknown.length > 0 ? (
        <p className="small muted">
          Not counted: {c.unknown.map((l) => `${l.name} (${l.note ?? 'no amount'})`).join(', ')}
        </p>
      ) : null}
      <div className="cook-actions">
        {c.missing.length > 0 ? (
          <button type="button" className="button small" onClick={() => void onAddMissing(c)}>
            Add missing to list
          </button>
        ) : null}
        <PlanControl name={name} dates={dates} onPlan={onPlan} />
      </div>
    </article>
  );
}
