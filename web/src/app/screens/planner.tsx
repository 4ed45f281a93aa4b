import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { refreshCooks, useCooks } from '../../features/cooks/store.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { PlannerPage } from '../../features/meal-planner/components/planner-page.tsx';
import { plannerRecipes } from '../../features/meal-planner/pick.ts';
import { ensureRecipes, recipes as recipeStore, useRecipes } from '../../features/recipes/store.ts';

// Bringing things from Grocy is for the day someone switches: its card loads after the screen.
const FromGrocyPlan = lazy(() =>
  import('../../features/meal-planner/components/from-grocy-plan.tsx').then((m) => ({
    default: m.FromGrocyPlan,
  })),
);

function PlannerFor({ householdId }: { householdId: string }) {
  const userId = useUserId()!;
  const recipes = useRecipes();
  const cooks = useCooks();
  // From the store's own list (the snapshot above says when it changed): its views are kept per list.
  const pickable = plannerRecipes(recipeStore.items);
  useEffect(() => refreshCooks(householdId), [householdId]);
  useEffect(() => {
    void ensureRecipes();
  }, []);
  return (
    <>
      <PlannerPage
        householdId={householdId}
        recipes={pickable}
        cooks={cooks.items}
        ready={recipes.loaded && cooks.loaded}
      />
      {recipes.loaded ? (
        <Suspense fallback={null}>
          <FromGrocyPlan householdId={householdId} userId={userId} />
        </Suspense>
      ) : null}
      <p className="page-footer-link">
        <Link href={paths.week}>The week at a glance</Link> ·{' '}
        <Link href={paths.shopping}>Build shopping list</Link> · <Link href={paths.cooks}>Manage cooks</Link>
      </p>
    </>
  );
}

export default function Planner() {
  return (
    <WithHousehold title="Meal planner">
      {(householdId) => <PlannerFor householdId={householdId} />}
    </WithHousehold>
  );
}
