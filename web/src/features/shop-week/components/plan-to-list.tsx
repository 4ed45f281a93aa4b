import { useEffect, useMemo } from 'react';
import { plannerDates, refreshMeals, usePlanner } from '../../meal-planner/store.ts';
import { withPackets } from '../../pantry/packets.ts';
import { loadPantry, usePantry } from '../../pantry/store.ts';
import { ensureRecipes, usePrices, useRecipes } from '../../recipes/store.ts';
import { BuildListPanel } from './build-list-panel.tsx';

/**
 * "From your meal plan" on the shopping list, with what it reads: the plan, the recipes and the
 * pantry (packets as their packs). The shopping screen loads it after the list itself, so the
 * list in hand shows without waiting for the plan's code.
 */
export function PlanToList({
  householdId,
  built,
  onBuilt,
}: {
  householdId: string;
  built: boolean;
  onBuilt: () => void;
}) {
  const planner = usePlanner();
  const recipes = useRecipes();
  const pantry = usePantry();
  const { prices } = usePrices();
  const held = useMemo(() => withPackets(pantry.items, prices), [pantry.items, prices]);
  useEffect(() => refreshMeals(householdId), [householdId]);
  useEffect(() => {
    void loadPantry(householdId);
    void ensureRecipes();
  }, [householdId]);
  return (
    <BuildListPanel
      dates={plannerDates()}
      meals={planner.meals}
      recipes={recipes.items}
      pantry={held}
      ready={planner.loaded && recipes.loaded && pantry.loaded}
      built={built}
      onBuilt={onBuilt}
    />
  );
}
