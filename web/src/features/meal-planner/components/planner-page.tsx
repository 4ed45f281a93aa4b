import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { MEAL_SLOTS, type MealSlot } from '../../../../../shared/recipes/meal-slots.ts';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatDay } from '../../../lib/format.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import type { MealChange } from '../api.ts';
import { type PlannerCook, type PlannerRecipe, plannerGrid, recipesById, SLOT_NAMES } from '../pick.ts';
import {
  changeMeal,
  markCooked,
  planMeal,
  planner,
  plannerDates,
  refreshMeals,
  removeMeal,
  undoRemoveMeal,
  unmarkCooked,
  usePlanner,
} from '../store.ts';
import { MEAL_DRAG_TYPE, MealCard } from './meal-card.tsx';
import '../planner.css';

// The dialogs (and the recipe picker's combobox library) load once the week has drawn, not with it.
const loadDialogs = () => import('./meal-dialog.tsx');
const MealDialog = lazy(() => loadDialogs().then((m) => ({ default: m.MealDialog })));
const MoveDialog = lazy(() => loadDialogs().then((m) => ({ default: m.MoveDialog })));

type Open = { kind: 'add'; date: string; slot: MealSlot } | { kind: 'edit' | 'move'; id: string } | null;

const SWIPE_PX = 60;

function failed(what: string) {
  return (e: unknown) => {
    console.error(`${what} failed`, e);
    showToast(`The meal could not be ${what}. Please try again.`, 'error');
    throw e;
  };
}

/** Un-marks a meal cooked: what cooking took goes back, and anything changed since is explained. */
function uncook(id: string): Promise<void> {
  return unmarkCooked(id)
    .then((notes) =>
      showToast(
        ['Not cooked after all: what cooking took is back in the pantry.', ...notes].join(' '),
        'success',
      ),
    )
    .catch(failed('un-marked cooked'));
}

function dayName(date: string, i: number): string {
  return i === 0 ? `Today, ${formatDay(date)}` : i === 1 ? `Tomorrow, ${formatDay(date)}` : formatDay(date);
}

/** The week as a grid of days × meals: the whole week on a desktop, one day a screen on a phone. */
export function PlannerPage({
  householdId,
  recipes,
  cooks,
  ready,
}: {
  householdId: string;
  recipes: readonly PlannerRecipe[];
  cooks: readonly PlannerCook[];
  ready: boolean;
}) {
  const { meals, loaded } = usePlanner();
  // The week appears through a deferred render: the stores' reads land as urgent updates, and the
  // 32 slots drawn with the last of them were one long task. The skeleton stays until then.
  const showWeek = useDeferredValue(loaded && ready);
  const [day, setDay] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const touch = useRef<number | null>(null);
  useEffect(() => refreshMeals(householdId), [householdId]);
  useEffect(() => whenIdle(() => void loadDialogs()), []);
  const dates = plannerDates();
  // Laid out from the store's own list; the snapshot says when it changed. Walking the
  // snapshot's tracking proxies cost more than laying out the week itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: meals and the first day are the change signals
  const grid = useMemo(() => plannerGrid(dates, planner.meals), [meals, dates[0]]);
  const labels = new Map(dates.map((d, i) => [d, dayName(d, i)]));
  const byId = recipesById(recipes);
  const recipeOf = (id: string | null) => (id === null ? undefined : byId.get(id));
  const meal = open && open.kind !== 'add' ? meals.find((m) => m.id === open.id) : undefined;
  const save = (change: MealChange) =>
    open?.kind === 'add'
      ? planMeal(householdId, open.date, open.slot, change).catch(failed('added'))
      : changeMeal(meal!.id, change).catch(failed('changed'));
  const go = (to: number) => setDay(Math.max(0, Math.min(dates.length - 1, to)));
  if (!showWeek) return <Skeleton lines={4} label="Loading the week..." />;
  return (
    <Page title="Meal planner">
      <div className="day-nav">
        <button
          type="button"
          className="button small"
          onClick={() => go(day - 1)}
          disabled={day === 0}
          aria-label="Previous day"
        >
          ←
        </button>
        <p aria-live="polite">
          <span className="visually-hidden">{labels.get(dates[day]!)}, </span>
          Day {day + 1} of {dates.length}
        </p>
        <button
          type="button"
          className="button small"
          onClick={() => go(day + 1)}
          disabled={day === dates.length - 1}
          aria-label="Next day"
        >
          →
        </button>
      </div>
      <div
        className="week-grid"
        onTouchStart={(e) => {
          touch.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const dx = (e.changedTouches[0]?.clientX ?? 0) - (touch.current ?? 0);
          if (touch.current !== null && Math.abs(dx) > SWIPE_PX) go(day + (dx < 0 ? 1 : -1));
          touch.current = null;
        }}
      >
        {dates.map((date, i) => (
          <section
            key={date}
            className={`week-day${i === day ? ' current' : ''}`}
            aria-labelledby={`day-${date}`}
          >
            <h2 id={`day-${date}`}>{labels.get(date)}</h2>
            {MEAL_SLOTS.map((slot) => {
              const where = `${labels.get(date)}, ${SLOT_NAMES[slot].toLowerCase()}`;
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; "Move…" on each meal does the same from the keyboard
                <div
                  key={slot}
                  className="week-slot"
                  onDragOver={(e) => {
                    if (e.dataTransfer.types.includes(MEAL_DRAG_TYPE)) e.preventDefault();
                  }}
                  onDrop={(e) => {
                    const id = e.dataTransfer.getData(MEAL_DRAG_TYPE);
                    if (!id) return;
                    e.preventDefault();
                    void changeMeal(id, { date, slot }).catch(failed('moved'));
                  }}
                >
                  <h3>{SLOT_NAMES[slot]}</h3>
                  <ul aria-label={where}>
                    {grid.get(date)![slot].map((m) => (
                      <MealCard
                        key={m.id}
                        meal={m}
                        where={where}
                        recipe={recipeOf(m.recipe_id)}
                        cook={cooks.find((c) => c.id === m.cook_id)}
                        onOpen={() => setOpen({ kind: 'edit', id: m.id })}
                        onMove={() => setOpen({ kind: 'move', id: m.id })}
                      />
                    ))}
                  </ul>
                  {/* Named by aria-label ("+ Add Today, …, dinner", as before), not a visually hidden
                      span: 32 hidden spans, each laid out on its own, were a fifth of the grid's layout. */}
                  <button
                    type="button"
                    className="add-slot"
                    aria-label={`+ Add ${where}`}
                    onClick={() => setOpen({ kind: 'add', date, slot })}
                  >
                    + Add
                  </button>
                </div>
              );
            })}
          </section>
        ))}
      </div>
      <Suspense fallback={null}>
        {open?.kind === 'add' ? (
          <MealDialog
            title={`Add ${SLOT_NAMES[open.slot].toLowerCase()}, ${labels.get(open.date)}`}
            slot={open.slot}
            meal={null}
            recipes={recipes}
            cooks={cooks}
            onSave={save}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open?.kind === 'edit' && meal ? (
          <MealDialog
            title={`${SLOT_NAMES[meal.slot]}, ${labels.get(String(meal.date).slice(0, 10))}`}
            slot={meal.slot}
            meal={meal}
            recipes={recipes}
            cooks={cooks}
            onSave={save}
            onRemove={() =>
              removeMeal(meal.id)
                .then((removed) => {
                  if (!removed) return;
                  const name = recipeOf(removed.recipe_id)?.name ?? 'The meal';
                  showToast(
                    `Removed ${name} from ${labels.get(String(removed.date).slice(0, 10))}.`,
                    'info',
                    {
                      label: 'Undo',
                      run: () =>
                        void undoRemoveMeal(householdId, removed)
                          .catch(failed('put back'))
                          .catch(() => undefined),
                    },
                  );
                })
                .catch(failed('removed'))
            }
            onCook={
              meal.recipe_id && !meal.cooked_at
                ? () =>
                    markCooked(householdId, meal)
                      // Its words need the units' data, which the week itself never does.
                      .then(async (answer) => {
                        const { cookedMessage } = await import('../cooked-message.ts');
                        showToast(cookedMessage(answer), 'success', {
                          label: 'Undo',
                          run: () => void uncook(meal.id).catch(() => undefined),
                        });
                      })
                      .catch(failed('marked cooked'))
                : undefined
            }
            onUncook={meal.cooked_at ? () => uncook(meal.id) : undefined}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open?.kind === 'move' && meal ? (
          <MoveDialog
            title={`Move ${recipeOf(meal.recipe_id)?.name ?? 'this meal'} to…`}
            meal={meal}
            dates={dates}
            dayName={(d) => labels.get(d) ?? d}
            onMove={(date, slot) => changeMeal(meal.id, { date, slot }).catch(failed('moved'))}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </Suspense>
    </Page>
  );
}
