import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { type PantryHolding, shoppingNeeds } from '../../../../../shared/basket/needs.ts';
import { SelectField } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDayMonth, formatShortDay } from '../../../lib/format.ts';
import { mealChoices, type PlanMeal, type PlanRecipe, plannedMeals } from '../plan.ts';
import { planLinesToWrite } from '../plan-lines.ts';
import { buildShoppingList, setRange, toggleMeal, useShopWeek } from '../store.ts';

function builtMessage(r: { added: number; updated: number; removed: number; kept: number }): string {
  const parts = [`${r.added} added`, `${r.updated} updated`];
  if (r.removed > 0) parts.push(`${r.removed} no longer needed removed`);
  if (r.kept > 0) parts.push(`${r.kept} left as you changed them`);
  return `Shopping list built: ${parts.join(', ')}.`;
}

const dayChoices = (dates: readonly string[]) => dates.map((d) => ({ value: d, label: formatShortDay(d) }));

/**
 * "Build shopping list": the planned meals of a range (each can be unticked) become the list's
 * lines. The days and meals are open until the list has lines from the plan, then folded away,
 * so in the shop the list is near the top of a phone's screen.
 */
export function BuildListPanel({
  dates,
  meals,
  recipes,
  pantry,
  ready,
  built,
  onBuilt,
}: {
  /** The planner's window (today … today + 7). */
  dates: readonly string[];
  meals: readonly PlanMeal[];
  recipes: readonly PlanRecipe[];
  pantry: readonly PantryHolding[];
  ready: boolean;
  /** Whether the list has lines from the plan already. */
  built: boolean;
  onBuilt: () => void;
}) {
  const state = useShopWeek();
  const from = state.from && dates.includes(state.from) ? state.from : (dates[0] ?? '');
  const to = state.to && dates.includes(state.to) ? state.to : (dates[dates.length - 1] ?? '');
  // Nothing planned all week (not just in the chosen days): there are no days to choose.
  const nothingPlanned = useMemo(
    () =>
      ready && mealChoices(meals, recipes, dates[0] ?? '', dates[dates.length - 1] ?? '', []).length === 0,
    [ready, meals, recipes, dates],
  );
  // Until someone opens or closes them, the days and meals show only before the first build, and
  // only when there are meals to choose from: otherwise the list is what the screen is for.
  const [chosenOpen, setChosenOpen] = useState<boolean | null>(null);
  const open = chosenOpen ?? (!built && !nothingPlanned);
  const choices = useMemo(
    () => mealChoices(meals, recipes, from, to, state.excluded),
    [meals, recipes, from, to, state.excluded],
  );
  const needs = useMemo(() => shoppingNeeds(plannedMeals(choices), pantry), [choices, pantry]);
  const toBuy = needs.filter((n) => n.buy > 0).length;
  const covered = needs.filter((n) => n.base !== null && n.buy === 0).map((n) => n.name);
  const build = () => {
    buildShoppingList(planLinesToWrite(needs))
      .then((result) => {
        showToast(builtMessage(result), 'success');
        onBuilt();
      })
      .catch((e: unknown) => {
        console.error('building the shopping list failed', e);
        showToast(describeError(e).message, 'error');
      });
  };
  return (
    <section className="card build-list" aria-labelledby="build-list-title">
      <h2 id="build-list-title">From your meal plan</h2>
      <details
        className="build-choose"
        open={open}
        onToggle={(e) => {
          const now = e.currentTarget.open;
          if (now !== open) setChosenOpen(now);
        }}
      >
        <summary>
          Days and meals
          {ready ? (
            <span className="muted small">
              {formatShortDay(from)} to {formatShortDay(to)} ·{' '}
              {choices.length === 0
                ? 'no meals planned'
                : `${choices.filter((c) => c.included).length} of ${choices.length} ${choices.length === 1 ? 'meal' : 'meals'}`}
            </span>
          ) : null}
        </summary>
        <div className="build-range">
          <SelectField
            id="build-from"
            label="From"
            value={from}
            choices={dayChoices(dates)}
            onChange={(v) => setRange(v, to)}
          />
          <SelectField
            id="build-to"
            label="To"
            value={to}
            choices={dayChoices(dates.filter((d) => d >= from))}
            onChange={(v) => setRange(from, v)}
          />
        </div>
        {!ready ? (
          <p className="muted">Loading your plan...</p>
        ) : nothingPlanned ? null : choices.length === 0 ? (
          <p className="muted">No meals with a recipe are planned in these days.</p>
        ) : (
          <fieldset className="build-meals">
            <legend>Meals to shop for</legend>
            {choices.map((c) => (
              <label key={c.id} className="check-row">
                <input
                  type="checkbox"
                  checked={c.included}
                  onChange={(e) => toggleMeal(c.id, e.target.checked)}
                />
                <span>
                  {c.label}
                  {c.label.endsWith(c.recipe.name) ? '' : `: ${c.recipe.name}`}
                  <span className="muted small">
                    {/* Kept whole ('30 Nov', '4 portions') where the line wraps. */} ·{' '}
                    {formatDayMonth(c.date).replace(' ', '\u00a0')} · {c.portions}&nbsp;
                    {c.portions === 1 ? 'portion' : 'portions'}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </details>
      {nothingPlanned ? (
        <p className="muted">
          No meals with a recipe are planned this week.{' '}
          <Link href={paths.planner}>Plan some on the planner</Link> to build the list from them.
        </p>
      ) : null}
      {/* With nothing planned and nothing built, there is nothing to build; with lines built, a
          build takes the plan's lines off the list. */}
      {ready && choices.length === 0 && !built ? null : (
        <>
          <p className="small muted" aria-live="polite">
            {toBuy} {toBuy === 1 ? 'line' : 'lines'} to buy
            {covered.length > 0 ? `; your pantry already has enough ${covered.join(', ')}` : ''}.
          </p>
          <button
            type="button"
            className="button primary"
            disabled={!ready || state.building}
            onClick={build}
          >
            {state.building ? 'Building...' : 'Build shopping list'}
          </button>
        </>
      )}
    </section>
  );
}
