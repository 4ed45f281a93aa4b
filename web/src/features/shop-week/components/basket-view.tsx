import { useMemo } from 'react';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCents } from '../../../lib/format.ts';
import type { BasketAnswer } from '../api.ts';
import { splitStops, summariseBasket } from '../basket-summary.ts';
import { ChainTable } from './chain-table.tsx';
import { MinSavingForm } from './min-saving-form.tsx';
import '../shop-week.css';

const names = (chains: readonly string[]) =>
  chains.map((c) => CHAIN_NAMES[c as keyof typeof CHAIN_NAMES]).join(' and ');

/** Where to shop: the unticked list priced as whole packs at each chain (Edge Function price-basket). */
export function BasketView({
  answer,
  loading,
  error,
  minSavingCents,
  onSaveMinSaving,
  onRetry,
}: {
  answer: BasketAnswer | null;
  loading: boolean;
  error: string | null;
  minSavingCents: number;
  onSaveMinSaving: (cents: number) => Promise<void>;
  onRetry: () => void;
}) {
  const summary = useMemo(
    () => (answer ? summariseBasket(answer.basket, minSavingCents) : null),
    [answer, minSavingCents],
  );
  const lines = useMemo(() => new Map((answer?.lines ?? []).map((l) => [l.key, l])), [answer]);
  return (
    <section className="card basket" aria-labelledby="basket-title" aria-busy={loading}>
      <div className="basket-head">
        <h2 id="basket-title">Where to shop</h2>
        <SampleBadge sample={answer?.sample === true} />
      </div>
      {error ? (
        <div role="alert" className="form-error">
          <p>{error}</p>
          <button type="button" className="button small" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {!summary ? (
        error ? null : (
          <Skeleton lines={3} label="Pricing your list..." />
        )
      ) : summary.state === 'empty' ? (
        <p className="muted">Nothing to price: your list has no unticked lines.</p>
      ) : summary.state === 'unpriced' ? (
        <p className="muted">None of the chains has a price for anything on your list yet.</p>
      ) : (
        <>
          <div className="basket-answers" aria-live="polite">
            {summary.cheapest ? (
              <p className="basket-answer">
                <span className="muted">Cheapest single shop</span>
                <strong>
                  {CHAIN_NAMES[summary.cheapest.chain]} {formatCents(summary.cheapest.totalCents)}
                </strong>
                {summary.cheapest.tiedWith.length > 0 ? (
                  <span className="small">
                    {names(summary.cheapest.tiedWith)}{' '}
                    {summary.cheapest.tiedWith.length === 1 ? 'costs' : 'cost'} the same.
                  </span>
                ) : null}
              </p>
            ) : (
              <p className="basket-answer">
                <strong>No single chain sells everything on your list.</strong>
              </p>
            )}
            {summary.split ? (
              <p className="basket-answer">
                <span className="muted">Split between {names(summary.split.chains)}</span>
                <strong>{formatCents(summary.split.totalCents)}</strong>
                <span className="small">
                  {summary.split.savingCents === null
                    ? 'Together they sell everything on your list.'
                    : summary.split.worth
                      ? `Saves ${formatCents(summary.split.savingCents)} against the cheapest single shop.`
                      : `Saves only ${formatCents(summary.split.savingCents)}, less than the ${formatCents(minSavingCents)} you said a second trip is worth: one shop it is.`}
                </span>
              </p>
            ) : summary.cheapest ? (
              <p className="small muted">Splitting the shop between two chains would not save anything.</p>
            ) : null}
            {summary.unpriced.length > 0 ? (
              <p className="small">No chain has a price for: {summary.unpriced.join(', ')}.</p>
            ) : null}
          </div>
          {summary.split?.worth && answer ? (
            <details className="basket-chain">
              <summary>What to buy where</summary>
              <div className="split-stops">
                {splitStops(answer.basket, lines).map((stop) => (
                  <section key={stop.chain} aria-labelledby={`split-${stop.chain}`}>
                    <h3 id={`split-${stop.chain}`} className="small">
                      At {CHAIN_NAMES[stop.chain]}: {formatCents(stop.totalCents)}
                    </h3>
                    <ul className="split-items">
                      {stop.items.map((item) => (
                        <li key={item.key}>
                          {item.name}{' '}
                          <span className="muted small">
                            {item.packs} · {formatCents(item.costCents)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </details>
          ) : null}
          {CHAINS.map((chain) => (
            <details key={chain} className="basket-chain" open={summary.cheapest?.chain === chain}>
              <summary>
                {CHAIN_NAMES[chain]}: {formatCents(answer?.basket.chains[chain].totalCents)}
                <span className="muted small">
                  {' '}
                  · {answer?.basket.chains[chain].priced} of{' '}
                  {(answer?.basket.chains[chain].priced ?? 0) +
                    (answer?.basket.chains[chain].unpriced.length ?? 0)}{' '}
                  lines priced
                </span>
              </summary>
              {answer ? (
                <ChainTable name={CHAIN_NAMES[chain]} chain={answer.basket.chains[chain]} lines={lines} />
              ) : null}
            </details>
          ))}
        </>
      )}
      <MinSavingForm cents={minSavingCents} onSave={onSaveMinSaving} />
    </section>
  );
}
