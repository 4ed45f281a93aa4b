import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { getIngredientName } from '../../features/prices/api.ts';
import { IngredientPricesPage } from '../../features/prices/components/ingredient-prices-page.tsx';
import { GENERIC_MESSAGE } from '../../lib/errors.ts';

type Found =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error' }
  | { state: 'found'; name: string };

export default function IngredientPrices({ id }: { id: string }) {
  const ingredientId = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const [found, setFound] = useState<Found>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    if (ingredientId === null) return setFound({ state: 'missing' });
    let live = true;
    setFound({ state: 'loading' });
    getIngredientName(ingredientId)
      .then((name) => live && setFound(name === null ? { state: 'missing' } : { state: 'found', name }))
      .catch((e: unknown) => {
        console.error('loading the ingredient failed', e);
        if (live) setFound({ state: 'error' });
      });
    return () => {
      live = false;
    };
  }, [ingredientId, attempt]);
  if (found.state === 'found' && ingredientId !== null)
    return <IngredientPricesPage ingredientId={ingredientId} name={found.name} />;
  if (found.state === 'loading') return <Skeleton lines={3} label="Loading prices..." />;
  return (
    <Page title={found.state === 'missing' ? 'Ingredient not found' : 'Prices'}>
      {found.state === 'error' ? (
        <FormError message={GENERIC_MESSAGE} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <EmptyState title="There is no such ingredient.">
          <Link href={paths.prices}>All ingredients</Link>
        </EmptyState>
      )}
    </Page>
  );
}
