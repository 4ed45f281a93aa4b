import { Link } from 'wouter';
import { CHAIN_NAMES } from '../../../../../shared/pricing/types.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { specialsOf } from '../derive.ts';
import { useIngredientPrices } from '../store.ts';
import { centsText, verdictSentence } from '../words.ts';
import { SourceLabel } from './price-facts.tsx';
import { PricesPending } from './prices-pending.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

/**
 * The items of a recipe (or a basket) whose latest price is a special, each with its verdict:
 * is the special real? Give it the ingredients; it loads their prices.
 */
export function SpecialsList({ ingredients }: { ingredients: readonly { id: number; name: string }[] }) {
  const ids = ingredients.map((i) => i.id);
  const { status, products } = useIngredientPrices(ids);
  if (status !== 'ready') return <PricesPending status={status} ids={ids} label="Loading specials..." />;
  const specials = specialsOf(products);
  if (specials.length === 0) return <p className="muted">Nothing here is on special in the latest prices.</p>;
  const nameOf = new Map(ingredients.map((i) => [i.id, i.name]));
  return (
    <ul className="specials">
      {specials.map((p) => (
        <li key={p.product.id} className="special">
          <p>
            <Link href={paths.ingredientPrices(p.ingredientId)}>
              {nameOf.get(p.ingredientId) ?? p.product.name}
            </Link>{' '}
            at {CHAIN_NAMES[p.product.chain]}: <strong>{centsText(p.judgement.priceCents)}</strong>{' '}
            <VerdictBadge verdict={p.judgement.verdict} />
          </p>
          <p className="small">{verdictSentence(p.judgement)}</p>
          <p className="muted small">
            {p.product.name}, price of {formatDate(p.asOf)}
            {p.stale ? <span className="badge stale">Stale</span> : null} <SourceLabel price={p} />
          </p>
        </li>
      ))}
    </ul>
  );
}
