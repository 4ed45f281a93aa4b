import { useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { loadCooks, useCooks } from '../../features/cooks/store.ts';
import { PlannerPage } from '../../features/meal-planner/components/planner-page.tsx';
import { loadRecipes, useRecipes } from '../../features/recipes/store.ts';

export default function Planner() {
  const userId = useUserId()!;
  const recipes = useRecipes();
  const cooks = useCooks();
  useEffect(() => {
    if (!recipes.loaded) void loadRecipes(userId);
    void loadCooks(userId);
  }, [userId, recipes.loaded]);
  return (
    <>
      <PlannerPage
        userId={userId}
        recipes={recipes.items}
        cooks={cooks.items}
        ready={recipes.loaded && cooks.loaded}
      />
      <p className="page-footer-link">
        <Link href={paths.week}>The week at a glance</Link> ·{' '}
        <Link href={paths.shopping}>Build shopping list</Link> · <Link href={paths.cooks}>Manage cooks</Link>
      </p>
    </>
  );
}
