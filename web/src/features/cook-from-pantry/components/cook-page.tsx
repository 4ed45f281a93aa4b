import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { PantryHolding, PlannedMeal } from '../../../../../shared/basket/needs.ts';
import type { CookableRecipe, RecipeCoverage } from '../../../../../shared/cook-from-pantry/coverage.ts';
import { toUseSoon, usesUp } from '../../../../../shared/cook-from-pantry/use-soon.ts';
import { planToday } from '../../../../../shared/dates/meal-window.ts';
import type { IngredientPriceRecord } from '../../../../../shared/pricing/types.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { paths } from '../../../config/paths.ts';
import { coverages, weekLeftovers } from '../compute.ts';
import { setCookSort, useCook } from '../store.ts';
import { COOK_SORTS, type CookSort, cookView } from '../views.ts';
import { CookControls } from './cook-controls.tsx';
import { CookLoading } from './cook-loading.tsx';
import { CoverageCard } from './coverage-card.tsx';
import { LeftoversPanel } from './leftovers-panel.tsx';
import { StaplesPanel } from './staples-panel.tsx';
import '../cook.css';

/** Cards shown at once: a phone scrolls a few dozen easily; "Show more" adds the next ones. */
const PAGE = 24;

export interface CookActions {
  onAddMissing: (c: RecipeCoverage) => Promise<void>;
  onPlan: (recipeId: string, date: string) => Promise<void>;
  onPlanLeftover: (recipeId: string, date: string) => Promise<void>;
  onMarkStaple: (staple: { name: string; ingredient_id: number | null }) => Promise<void>;
  onUnmarkStaple: (id: string) => Promise<void>;
}

/** "What can I cook?" (issue 25): every recipe against the pantry, and the week's leftovers. */
export function CookPage({
  recipes,
  pantry,
  prices,
  planned,
  plannedIds,
  dates,
  freeDays,
  ready,
  actions,
}: {
  recipes: readonly CookableRecipe[];
  pantry: readonly (PantryHolding & { use_by?: string | null })[];
  prices: ReadonlyMap<number, IngredientPriceRecord>;
  planned: readonly PlannedMeal[];
  plannedIds: ReadonlySet<string>;
  dates: readonly string[];
  freeDays: readonly string[];
  ready: boolean;
  actions: CookActions;
}) {
  const state = useCook();
  const [shown, setShown] = useState(PAGE);
  // A link may ask for a sort ('?sort=soon' from the pantry's "Use soon"); it is then the choice.
  const asked = new URLSearchParams(useSearch()).get('sort');
  useEffect(() => {
    if (asked !== null && Object.hasOwn(COOK_SORTS, asked)) setCookSort(asked as CookSort);
  }, [asked]);
  // The figures follow the pantry and staples a moment later, so ticking and typing never wait.
  const stock = useDeferredValue(pantry);
  const staples = useDeferredValue(state.staples);
  const all = useMemo(() => coverages(recipes, stock, staples, prices), [recipes, stock, staples, prices]);
  const week = useMemo(
    () => weekLeftovers(planned, plannedIds, recipes, { pantry: stock, staples }, prices),
    [planned, plannedIds, recipes, stock, staples, prices],
  );
  const today = planToday();
  const soon = useMemo(() => {
    const due = toUseSoon(stock, today);
    return new Map(all.map((c) => [c.recipeId, usesUp(c.lines, due)]));
  }, [all, stock, today]);
  const view = useMemo(
    () => cookView(all, state.filter, state.sort, (c) => soon.get(c.recipeId)?.length ?? 0),
    [all, state.filter, state.sort, soon],
  );
  const names = useMemo(() => new Map(recipes.map((r) => [r.id, r.name])), [recipes]);
  const onStaple = (line: { name: string; ingredient_id: number | null }) => void actions.onMarkStaple(line);
  if (!ready || !state.loaded) return <CookLoading />;
  return (
    <Page title="What can I cook?">
      {state.error ? (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      ) : null}
      {prices.size === 0 ? (
        <p role="status" className="muted">
          Prices are unavailable right now, so no cost to finish is shown.
        </p>
      ) : null}
      {pantry.length === 0 && state.staples.length === 0 ? (
        <p className="muted">
          Your pantry is empty, so every recipe shows all it needs.{' '}
          <Link href={paths.pantry}>Add what you have to the pantry</Link>, or put your shopping away once it
          is ticked.
        </p>
      ) : null}
      <StaplesPanel
        staples={state.staples}
        onMark={(name) => actions.onMarkStaple({ name, ingredient_id: null })}
        onUnmark={(s) => actions.onUnmarkStaple(s.id)}
      />
      <CookControls filter={state.filter} sort={state.sort} count={view.length} />
      {recipes.length === 0 ? (
        <EmptyState title="No recipes yet">Add a recipe to see what your pantry covers.</EmptyState>
      ) : view.length === 0 ? (
        <EmptyState title="No recipe fits">Try another filter, or add to your pantry.</EmptyState>
      ) : (
        <div className="cook-list" aria-busy={stock !== pantry || staples !== state.staples}>
          {view.slice(0, shown).map((c) => (
            <CoverageCard
              key={c.recipeId}
              coverage={c}
              name={names.get(c.recipeId) ?? ''}
              usesSoon={soon.get(c.recipeId) ?? []}
              dates={dates}
              onAddMissing={actions.onAddMissing}
              onPlan={(date) => actions.onPlan(c.recipeId, date)}
              onStaple={onStaple}
            />
          ))}
          {view.length > shown ? (
            <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
              Show more ({view.length - shown} left)
            </button>
          ) : null}
        </div>
      )}
      <LeftoversPanel week={week} freeDays={freeDays} onPlan={actions.onPlanLeftover} />
    </Page>
  );
}
