import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { cheapestShelf } from '../../../../../shared/basket/basket.ts';
import { baseUnitOf } from '../../../../../shared/basket/needs.ts';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { normalizeName } from '../../../../../shared/limits/normalize-name.ts';
import { CHAIN_NAMES } from '../../../../../shared/pricing/types.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { GENERIC_MESSAGE } from '../../../lib/errors.ts';
import { ingredientOptions, type Named } from '../../../lib/reference-data.ts';
import { loadPrices, usePrices } from '../../recipes/store.ts';
import { unitPriceText } from '../words.ts';

/** Names containing every word typed, in any case and order. */
function matches(name: string, query: string): boolean {
  const words = normalizeName(query).toLowerCase().split(' ').filter(Boolean);
  const text = name.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** "$1.10 per 100 g at Woolworths": where each priced ingredient costs least, by unit price. */
function useCheapest(items: readonly Named[] | null): { cheapest: Map<number, string>; sample: boolean } {
  const { prices } = usePrices();
  useEffect(() => void loadPrices(), []);
  return useMemo(() => {
    const cheapest = new Map<number, string>();
    let sample = false;
    for (const item of items ?? []) {
      const record = prices.get(item.id) ?? null;
      const best = cheapestShelf(record, item.name, baseUnitOf(item.name));
      if (!best) continue;
      cheapest.set(item.id, `${unitPriceText(best.unitPrice)} at ${CHAIN_NAMES[best.chain]}`);
      sample ||= record?.is_sample === true;
    }
    return { cheapest, sample };
  }, [items, prices]);
}

/** Every ingredient, searchable, with where it is cheapest, each leading to its prices. */
export function IngredientListPage() {
  const [items, setItems] = useState<Named[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const load = () => {
    setFailed(false);
    ingredientOptions()
      .then(setItems)
      .catch((e: unknown) => {
        console.error('loading ingredients failed', e);
        setFailed(true);
      });
  };
  useEffect(load, []);
  const shown = useMemo(() => (items ?? []).filter((i) => matches(i.name, query)), [items, query]);
  const { cheapest, sample } = useCheapest(items);
  return (
    <Page
      title="Prices"
      actions={
        <Link href={paths.priceImports} className="button small">
          Import log
        </Link>
      }
    >
      <p className="muted">
        Where each ingredient is cheapest, by the shelf's unit price. Open one for its price at Coles,
        Woolworths and Aldi, its history, and whether a special is real. <SampleBadge sample={sample} />
      </p>
      <Field
        label="Search ingredients"
        type="search"
        value={query}
        maxLength={LIMITS.itemName.max}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
      />
      {failed ? (
        <FormError message={GENERIC_MESSAGE} onRetry={load} />
      ) : items === null ? (
        <Skeleton lines={4} label="Loading ingredients..." />
      ) : shown.length === 0 ? (
        <EmptyState title={`No ingredient matches “${query.trim()}”.`} />
      ) : (
        <ul className="price-list" aria-label="Ingredients">
          {shown.map((i) => (
            <li key={i.id}>
              <Link href={paths.ingredientPrices(i.id)}>{i.name}</Link>
              <span className="small muted">{cheapest.get(i.id) ?? 'no price yet'}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small" aria-live="polite">
        {items === null ? '' : `${shown.length} of ${items.length} ingredients`}
      </p>
    </Page>
  );
}
