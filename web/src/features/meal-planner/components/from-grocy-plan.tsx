import { GrocyFileCard } from '../../../components/ui/grocy-file-card.tsx';
import { formatDay } from '../../../lib/format.ts';
import { recipes } from '../../recipes/store.ts';
import type { GrocyPlan } from '../from-grocy.ts';
import { SLOT_NAMES } from '../pick.ts';
import { planMeal, planner } from '../store.ts';

const count = (n: number) => `${n} ${n === 1 ? 'meal' : 'meals'}`;

/**
 * Bring the week's meal plan from Grocy: the recipes it has planned from today to a week on, on
 * the recipes brought from Grocy on "Bring your recipes". The reader loads when a file is chosen.
 */
export function FromGrocyPlan({ householdId, userId }: { householdId: string; userId: string }) {
  return (
    <GrocyFileCard<GrocyPlan>
      id="grocy-plan"
      title="Bring your meal plan from Grocy"
      read={(file) =>
        import('../from-grocy.ts').then(({ readGrocyPlan }) =>
          readGrocyPlan(file, recipes.items, userId, planner.meals),
        )
      }
      addLabel={({ meals }) => (meals.length > 0 ? `Plan ${count(meals.length)}` : null)}
      add={async ({ meals }) => {
        for (const m of meals)
          await planMeal(householdId, m.date, m.slot, { recipe_id: m.recipeId, portions: m.portions });
        return `Planned ${count(meals.length)} from Grocy.`;
      }}
      show={({ meals, missing }) => (
        <>
          <p role="status">
            {meals.length > 0
              ? `Grocy has ${count(meals.length)} planned this week to bring:`
              : 'Grocy has no meals planned this week that are not on the planner already.'}
          </p>
          <ul className="grocy-items">
            {meals.map((m) => (
              <li key={`${m.date}-${m.slot}-${m.recipeId}`}>
                {formatDay(m.date)}, {SLOT_NAMES[m.slot].toLowerCase()}: {m.name}
                {m.portions ? ` · ${m.portions} portions` : ''}
              </li>
            ))}
          </ul>
          {missing.length > 0 ? (
            <p className="small">
              Not brought from Grocy yet, so not planned: {missing.join(', ')}. Bring your recipes from Grocy
              first.
            </p>
          ) : null}
        </>
      )}
    />
  );
}
