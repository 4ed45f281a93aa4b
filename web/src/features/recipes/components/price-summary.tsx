import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { formatAud, formatChange } from '../../../lib/format.ts';
import type { Chain, RecipePrice } from '../api.ts';
import { chainCost } from '../derive.ts';

/** The rule behind the badge, as shared's priceRecipe applies it (a chain's `available`). */
export const CHEAPEST_RULE = 'Cheapest of the chains that price every ingredient.';

/** Lines in the recipe: the breakdown's count, or what a chain's coverage implies without one. */
function lineCount(price: RecipePrice, priced: number, coverage: number): number {
  if (price.lines) return price.lines.length;
  return coverage > 0 ? Math.round((priced * 100) / coverage) : priced;
}

/**
 * Price per portion at each chain: the cheapest marked, the change since the past price, and,
 * for a chain that prices only some ingredients, how many (its total leaves the rest out, so it
 * can look cheaper than the chain marked cheapest; the rule is said under the list).
 */
export function PriceSummary({
  price,
  sample,
  compact = false,
}: {
  price: RecipePrice | null;
  /** Whether any of these prices is sample data (the label then shows). */
  sample: boolean;
  compact?: boolean;
}) {
  if (!price) return <p className="muted small">No prices yet</p>;
  const rows = CHAINS.map((chain) => ({ chain, p: price.chains[chain] })).filter(
    (r) => r.p && r.p.priced > 0,
  );
  if (rows.length === 0) return <p className="muted small">No prices for these ingredients</p>;
  const partial = rows.some(({ p }) => !p!.available);
  return (
    <div className="price-summary">
      <ul className={`prices${compact ? ' compact' : ''}`} aria-label="Price per portion">
        {rows.map(({ chain, p }) => {
          const cheapest = price.cheapest === chain;
          const change = formatChange(p!.change_percent);
          return (
            <li key={chain} className={cheapest ? 'cheapest' : undefined}>
              <span className="chain">{CHAIN_NAMES[chain]}</span>
              <span className="amount">{formatAud(p!.per_portion)}</span>
              {cheapest ? <span className="badge">Cheapest</span> : null}
              {change ? (
                <span
                  className={`change ${p!.change_percent > 0 ? 'up' : 'down'}`}
                  title="Change since the past price"
                >
                  {change}
                </span>
              ) : null}
              {p!.available ? null : (
                <span className="coverage">
                  only {p!.priced} of {lineCount(price, p!.priced, p!.coverage)} ingredients
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <SampleBadge sample={sample} />
      {price.cheapest && (partial || !compact) ? <p className="price-rule">{CHEAPEST_RULE}</p> : null}
      {!price.cheapest && !compact ? (
        <p className="price-rule">No chain prices every ingredient, so none is marked cheapest.</p>
      ) : null}
    </div>
  );
}

/** What the chosen number of portions costs at each chain that prices the recipe (shared portionsCost). */
export function CostForPortions({ price, portions }: { price: RecipePrice; portions: number }) {
  const rows = CHAINS.map((chain) => ({ chain, cost: chainCost(price, chain, portions) })).filter(
    (r): r is { chain: Chain; cost: number } => r.cost !== null,
  );
  if (rows.length === 0) return null;
  return (
    <p className="muted small" aria-live="polite">
      For {portions} {portions === 1 ? 'portion' : 'portions'}:{' '}
      {rows.map(({ chain, cost }) => `${CHAIN_NAMES[chain]} ${formatAud(cost)}`).join(' · ')}
    </p>
  );
}
