import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { CookLoading } from '../../features/cook-from-pantry/components/cook-loading.tsx';
import { loadStaples } from '../../features/cook-from-pantry/store.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { refreshMeals } from '../../features/meal-planner/store.ts';
import { loadPantry } from '../../features/pantry/store.ts';
import { ensureRecipes, loadPrices } from '../../features/recipes/store.ts';
import { subscribePriceImports } from '../../features/shop-week/store.ts';

// The summing and pricing (units, packs, the basket) are fetched as this screen's code runs, to
// arrive while its reads below are on their way: the screen shows its skeleton until both are in.
const household = import('../../features/cook-from-pantry/components/cook-household.tsx');
const CookHousehold = lazy(() => household.then((m) => ({ default: m.CookHousehold })));

function CookFor({ householdId }: { householdId: string }) {
  useEffect(() => refreshMeals(householdId), [householdId]);
  useEffect(() => {
    void loadPantry(householdId);
    void loadStaples(householdId);
    void loadPrices();
    void ensureRecipes();
  }, [householdId]);
  useEffect(() => subscribePriceImports(() => void loadPrices(true)), []);
  return (
    <>
      <Suspense fallback={<CookLoading />}>
        <CookHousehold householdId={householdId} />
      </Suspense>
      <p className="page-footer-link">
        <Link href={paths.pantry}>Pantry</Link> · <Link href={paths.shopping}>Shopping list</Link> ·{' '}
        <Link href={paths.planner}>Planner</Link>
      </p>
    </>
  );
}

export default function Cook() {
  return (
    <WithHousehold title="What can I cook?">
      {(householdId) => <CookFor householdId={householdId} />}
    </WithHousehold>
  );
}
