import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { LIMITS, normalizeName } from '../../../../../shared/limits/index.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { GENERIC_MESSAGE } from '../../../lib/errors.ts';
import { ingredientOptions, type Named } from '../../../lib/reference-data.ts';

/** Names containing every word typed, in any case and order. */
function matches(name: string, query: string): boolean {
  const words = normalizeName(query).toLowerCase().split(' ').filter(Boolean);
  const text = name.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Every ingredient, searchable, each leading to its prices. */
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
  return (
    <Page
      title="Prices"
      actions={
        <Link href={paths.priceImports} className="button small">
          Import log
        </Link>
      }
    >
      <p className="muted">Shelf prices at Coles, Woolworths and Aldi, and whether a special is real.</p>
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
        <ul className="link-list" aria-label="Ingredients">
          {shown.map((i) => (
            <li key={i.id}>
              <Link href={paths.ingredientPrices(i.id)}>{i.name}</Link>
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
