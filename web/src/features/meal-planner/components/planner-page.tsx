import { useEffect, useMemo } from 'react';
import type { Choice } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatDay } from '../../../lib/format.ts';
import {
  changeMeal,
  changePortions,
  loadMeals,
  planMeal,
  plannerDates,
  removeMeal,
  usePlanner,
} from '../store.ts';
import { AddMealForm } from './add-meal-form.tsx';
import { MealRow } from './meal-row.tsx';

/** A recipe or a cook, as the planner offers it. */
interface Named {
  id: string;
  name: string;
  /** A recipe's own portions (recipes only). */
  portions?: number | null;
}

const choicesOf = (rows: readonly Named[]): Choice[] => rows.map((r) => ({ value: r.id, label: r.name }));

function failed(what: string) {
  return (e: unknown) => {
    console.error(`${what} failed`, e);
    showToast(`The meal could not be ${what}. Please try again.`, 'error');
  };
}

export function PlannerPage({
  householdId,
  recipes,
  cooks,
  ready,
}: {
  householdId: string;
  recipes: readonly Named[];
  cooks: readonly Named[];
  ready: boolean;
}) {
  const { meals, loaded } = usePlanner();
  useEffect(() => {
    void loadMeals(householdId);
  }, [householdId]);
  const recipeChoices = useMemo(() => choicesOf(recipes), [recipes]);
  const cookChoices = useMemo(() => choicesOf(cooks), [cooks]);
  const dates = plannerDates();
  return (
    <Page title="Meal planner">
      {!loaded || !ready ? (
        <Skeleton lines={4} label="Loading the week..." />
      ) : (
        <ol className="days">
          {dates.map((date, i) => {
            const label =
              i === 0
                ? `Today, ${formatDay(date)}`
                : i === 1
                  ? `Tomorrow, ${formatDay(date)}`
                  : formatDay(date);
            const dayMeals = meals.filter((m) => String(m.date).slice(0, 10) === date);
            return (
              <li key={date} className="card day">
                <h2>{label}</h2>
                {dayMeals.length === 0 ? <p className="muted small">Nothing planned.</p> : null}
                <ul className="meals" aria-label={`Meals on ${label}`}>
                  {dayMeals.map((meal, n) => (
                    <MealRow
                      key={meal.id}
                      meal={meal}
                      label={`meal ${n + 1} on ${label}`}
                      recipes={recipeChoices}
                      cooks={cookChoices}
                      recipePortions={
                        meal.recipe_id ? (recipes.find((r) => r.id === meal.recipe_id)?.portions ?? 1) : null
                      }
                      onChange={(r, c) => void changeMeal(meal.id, r, c).catch(failed('changed'))}
                      onPortions={(p) => void changePortions(meal.id, p).catch(failed('changed'))}
                      onRemove={() => void removeMeal(meal.id).catch(failed('removed'))}
                    />
                  ))}
                </ul>
                <AddMealForm
                  dayLabel={label}
                  recipes={recipeChoices}
                  cooks={cookChoices}
                  onAdd={(r, c) => planMeal(householdId, date, r, c).catch(failed('added'))}
                />
              </li>
            );
          })}
        </ol>
      )}
    </Page>
  );
}
