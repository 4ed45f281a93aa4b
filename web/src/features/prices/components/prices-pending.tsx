import { FormError } from '../../../components/ui/form-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { GENERIC_MESSAGE } from '../../../lib/errors.ts';
import type { LoadStatus } from '../store.ts';
import { loadIngredientPrices } from '../store.ts';

/** While some ingredients' prices load, or after they failed (with a retry). */
export function PricesPending({
  status,
  ids,
  label,
}: {
  status: Exclude<LoadStatus, 'ready'>;
  ids: readonly number[];
  label: string;
}) {
  return status === 'loading' ? (
    <Skeleton lines={1} label={label} />
  ) : (
    <FormError message={GENERIC_MESSAGE} onRetry={() => void loadIngredientPrices(ids, true)} />
  );
}
