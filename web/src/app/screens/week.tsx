import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { refreshCooks, useCooks } from '../../features/cooks/store.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { plannerDates, refreshMeals, usePlanner } from '../../features/meal-planner/store.ts';
import { ensureRecipes, loadPrices, usePrices, useRecipes } from '../../features/recipes/store.ts';
import { OverviewPage } from '../../features/shop-week/components/overview-page.tsx';
import { subscribePriceImports } from '../../features/shop-week/store.ts';

/** The week at a glance; its charts (chart.js) load with this screen only. */
function WeekFor({ householdId }: { householdId: string }) {
  const planner = usePlanner();
  const recipes = useRecipes();
  const cooks = useCooks();
  const { prices, loaded: pricesLoaded } = usePrices();
  useEffect(() => refreshMeals(householdId), [householdId]);
  useEffect(() => refreshCooks(householdId), [householdId]);
  useEffect(() => {
    void loadPrices();
    void ensureRecipes();
  }, []);
  useEffect(() => subscribePriceImports(() => void loadPrices(true)), []);
  const cookNames = useMemo(() => new Map(cooks.items.map((c) => [c.id, c.name])), [cooks.items]);
  const dates = useMemo(() => plannerDates(), []);
  return (
    <>
      <OverviewPage
        dates={dates}
        meals={planner.meals}
        recipes={recipes.items}
        prices={prices}
        cooks={cookNames}
        ready={planner.loaded && recipes.loaded && pricesLoaded}
      />
      <p className="page-footer-link">
        <Link href={paths.planner}>Back to the planner</Link> ·{' '}
        <Link href={paths.shopping}>Shopping list</Link>
      </p>
    </>
  );
}

export default function Week() {
  return (
    <WithHousehold title="The week at a glance">
      {(householdId) => <WeekFor householdId={householdId} />}
    </WithHousehold>
  );
}
