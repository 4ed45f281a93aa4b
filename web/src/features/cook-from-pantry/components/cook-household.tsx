import { useMemo } from 'react';
import { listAmounts, shoppingNeeds } from '../../../../../shared/basket/needs.ts';
import type { RecipeCoverage } from '../../../../../shared/cook-from-pantry/coverage.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatDay } from '../../../lib/format.ts';
import { planMeal, planner, plannerDates, usePlanner } from '../../meal-planner/store.ts';
import { withPackets } from '../../pantry/packets.ts';
import { pantry as pantryState, usePantry } from '../../pantry/store.ts';
import { recipes as recipesState, usePrices, useRecipes } from '../../recipes/store.ts';
import { mealChoices, plannedMeals } from '../../shop-week/plan.ts';
import { planLinesToWrite } from '../../shop-week/plan-lines.ts';
import { buildShoppingList } from '../../shop-week/store.ts';
import { addFromElsewhere } from '../../shopping/add-from-elsewhere.ts';
import { markStaple, unmarkStaple } from '../store.ts';
import { type CookActions, CookPage } from './cook-page.tsx';

const failed = (what: string) => (error: unknown) => {
  console.error(`${what} failed`, error);
  showToast(describeError(error).message, 'error');
};

/** The actions of "What can I cook?": the list, the plan and the staples are the household's. */
function cookActions(householdId: string, dates: readonly string[]): CookActions {
  const nameOf = (id: string) => recipesState.items.find((r) => r.id === id)?.name ?? 'The recipe';
  const plan = async (recipeId: string, date: string) => {
    await planMeal(householdId, date, 'dinner', { recipe_id: recipeId });
    showToast(`${nameOf(recipeId)} is planned for dinner on ${formatDay(date)}.`, 'success');
  };
  return {
    onAddMissing: (c: RecipeCoverage) =>
      addFromElsewhere(
        householdId,
        c.missing.map((l) => ({
          name: l.name,
          ingredient_id: l.ingredient_id,
          quantity: listAmounts(l).buy,
          unit: l.base,
        })),
      )
        .then(() =>
          showToast(`The missing lines of ${nameOf(c.recipeId)} are on the shopping list.`, 'success'),
        )
        .catch(failed('adding the missing lines')),
    onPlan: (recipeId, date) => plan(recipeId, date).catch(failed('planning the recipe')),
    // A leftover recipe joins the week's plan, so the list is rebuilt from the plan as "Build
    // shopping list" does: the basket follows the list.
    onPlanLeftover: (recipeId, date) =>
      plan(recipeId, date)
        .then(() => {
          const week = mealChoices(
            planner.meals,
            recipesState.items,
            dates[0] ?? '',
            dates[dates.length - 1] ?? '',
            [],
          );
          return buildShoppingList(
            planLinesToWrite(
              shoppingNeeds(plannedMeals(week), withPackets(pantryState.items, recipesState.prices)),
            ),
          );
        })
        .then(() => showToast('The shopping list now has what the week needs.', 'success'))
        .catch(failed('planning the leftover recipe')),
    onMarkStaple: (staple) => markStaple(householdId, staple).catch(failed('marking the staple')),
    onUnmarkStaple: (id) => unmarkStaple(householdId, id).catch(failed('removing the staple')),
  };
}

/** "What can I cook?" for a household: its plan, pantry and prices as the screen's stores hold them. */
export function CookHousehold({ householdId }: { householdId: string }) {
  const meals = usePlanner();
  const recipes = useRecipes();
  const pantry = usePantry();
  const { prices, loaded: pricesLoaded } = usePrices();
  const dates = useMemo(() => plannerDates(), []);
  const choices = useMemo(
    () => mealChoices(meals.meals, recipes.items, dates[0] ?? '', dates[dates.length - 1] ?? '', []),
    [meals.meals, recipes.items, dates],
  );
  const planned = useMemo(() => plannedMeals(choices), [choices]);
  const plannedIds = useMemo(() => new Set(choices.map((c) => c.recipe.id)), [choices]);
  const freeDays = useMemo(
    () => dates.filter((d) => !meals.meals.some((m) => String(m.date).slice(0, 10) === d)),
    [dates, meals.meals],
  );
  const actions = useMemo(() => cookActions(householdId, dates), [householdId, dates]);
  const held = useMemo(() => withPackets(pantry.items, prices), [pantry.items, prices]);
  return (
    <CookPage
      recipes={recipes.items}
      pantry={held}
      prices={prices}
      planned={planned}
      plannedIds={plannedIds}
      dates={dates}
      freeDays={freeDays}
      ready={recipes.loaded && pantry.loaded && meals.loaded && pricesLoaded}
      actions={actions}
    />
  );
}
