import { proxy, useSnapshot } from 'valtio';
import { mealWindow } from '../../../../shared/dates/meal-window.ts';
import type { MealSlot } from '../../../../shared/recipes/meal-slots.ts';
import { liveReads } from '../../lib/live-reads.ts';
import { listPantryRows } from '../../lib/pantry-rows.ts';
import { pendingWrites } from '../../lib/pending-writes.ts';
import { type Change, mergeChange, type TopicTable, topicTable } from '../../lib/realtime.ts';
import { onReset } from '../../lib/store-resets.ts';
import { readNowOrWhenIdle } from '../../lib/when-idle.ts';
import { loadPrices, recipes } from '../recipes/store.ts';
import {
  addMeal,
  type CookedAnswer,
  cookMeal,
  deleteMeal,
  deletePastMeals,
  getRecipeLines,
  listMeals,
  type Meal,
  type MealChange,
  restoreMeal,
  uncookMeal,
  updateMeal,
} from './api.ts';

interface PlannerState {
  meals: Meal[];
  loaded: boolean;
}

export const planner = proxy<PlannerState>({ meals: [], loaded: false });
const key = (m: Partial<Meal>) => String(m.id);

/** Moves being saved: a read already on its way still has the meal where it was. */
const moves = pendingWrites<Meal>((m) => m.id);

/** Live changes heard while the plan is read are laid over the read's answer. */
const reads = liveReads<Change<Meal>>();

export function resetPlanner(): void {
  planner.meals = [];
  planner.loaded = false;
  moves.clear();
}
onReset('household', resetPlanner);

/**
 * The window's dates (the plan's today … today + 7, spec 9): Sydney's days in every browser, so
 * the planner and cleanup-meals agree on which meals are past. Computed per call so midnight
 * moves it on.
 */
export function plannerDates(): string[] {
  return mealWindow().dates;
}

export async function loadMeals(householdId: string): Promise<void> {
  const dates = plannerDates();
  const today = dates[0]!;
  try {
    deletePastMeals(householdId, today).catch((error: unknown) =>
      console.error('clearing past meals failed', error),
    );
    const withMoves = moves.read();
    const meals = await reads.read(
      async () => withMoves(await listMeals(householdId, today, dates[dates.length - 1]!)),
      (rows, change) => mergeChange(rows, change, key),
    );
    planner.meals = inWindow(meals);
  } catch (error) {
    console.error('loading meals failed', error);
  } finally {
    planner.loaded = true;
  }
}

/**
 * For a screen that shows the plan, on opening: the plan it has shows at once and is read again
 * when the browser is idle (readNowOrWhenIdle); the two requests of a read were a fifth of the
 * planner's render (bench/web.bench.ts). Returns what cancels a pending read.
 */
export function refreshMeals(householdId: string): () => void {
  return readNowOrWhenIdle(planner.loaded, () => void loadMeals(householdId));
}

export async function planMeal(householdId: string, date: string, slot: MealSlot, change: MealChange = {}) {
  const meal = await addMeal(householdId, date, slot, change);
  planner.meals = mergeChange(planner.meals, { eventType: 'INSERT', new: meal } as Change<Meal>, key);
}

/**
 * Changes a planned meal: recipe, cook, portions, or its day and slot (moving it). A move shows at
 * once and goes back if the server refuses it, so dragging feels immediate.
 */
export async function changeMeal(id: string, change: MealChange): Promise<void> {
  const before = planner.meals.find((m) => m.id === id);
  const save = async () => {
    const meal = await updateMeal(id, change);
    planner.meals = mergeChange(planner.meals, { eventType: 'UPDATE', new: meal } as Change<Meal>, key);
  };
  const undo = () => {
    if (before) planner.meals = planner.meals.map((m) => (m.id === id ? before : m));
  };
  if (!before || !(change.date || change.slot)) {
    try {
      await save();
    } catch (error) {
      undo();
      throw error;
    }
    return;
  }
  planner.meals = planner.meals.map((m) => (m.id === id ? { ...m, ...change } : m));
  await moves.write(id, change, save, undo);
}

/**
 * Marks a meal cooked (issue 25): what its recipe needs for the meal's portions is taken from the
 * pantry as shared's pantryTakes works it out (the database caps each take at what is there).
 * Returns what was taken, and the pantry items kept apart because their units do not convert.
 */
export async function markCooked(
  householdId: string,
  meal: Pick<Meal, 'id' | 'recipe_id' | 'portions'>,
): Promise<CookedAnswer & { apart: string[] }> {
  if (!meal.recipe_id) throw new Error('A meal without a recipe cannot be cooked.');
  // What cooking takes is worked out only when someone cooks: the planner opens without that code.
  const [recipe, pantry, { pantryTakes }, { anyInPackets, withPackets }] = await Promise.all([
    getRecipeLines(meal.recipe_id),
    listPantryRows(householdId),
    import('../../../../shared/put-away/cooked.ts'),
    import('../pantry/packets.ts'),
  ]);
  // A packet is the pack a chain sells (the price records): read them only when one is kept so.
  if (anyInPackets(pantry)) await loadPrices();
  const held = withPackets(pantry, recipes.prices);
  const own = recipe.portions ?? 1;
  const { takes, apart } = pantryTakes(recipe.recipe_ingredients, (meal.portions ?? own) / own, held);
  const answer = await cookMeal(meal.id, takes);
  planner.meals = planner.meals.map((m) =>
    m.id === meal.id ? { ...m, cooked_at: new Date().toISOString() } : m,
  );
  return { ...answer, apart };
}

/** Un-marks a meal cooked (issue 25): what cooking took goes back to the pantry. */
export async function unmarkCooked(id: string): Promise<string[]> {
  const { notes } = await uncookMeal(id);
  planner.meals = planner.meals.map((m) => (m.id === id ? { ...m, cooked_at: null } : m));
  return notes;
}

/** Removes a meal; returns it as it was, for Undo (issue 20: 6). */
export async function removeMeal(id: string): Promise<Meal | null> {
  const found = planner.meals.find((m) => m.id === id);
  const removed = found ? { ...found } : null;
  await deleteMeal(id);
  planner.meals = planner.meals.filter((m) => m.id !== id);
  return removed;
}

/** Undo of a removal: the same meal back in the plan. */
export async function undoRemoveMeal(householdId: string, meal: Meal): Promise<void> {
  const back = await restoreMeal(householdId, meal);
  planner.meals = mergeChange(planner.meals, { eventType: 'INSERT', new: back } as Change<Meal>, key);
}

/** Realtime rows outside the window (past days, or beyond a week) are not shown. */
export function applyMealChange(change: Change<Meal>): void {
  reads.hear(change);
  planner.meals = inWindow(mergeChange(planner.meals, change, key));
}

function inWindow(meals: Meal[]): Meal[] {
  const dates = plannerDates();
  return meals.filter((m) => dates.includes(String(m.date).slice(0, 10)));
}

export function liveMeals(householdId: string): TopicTable {
  // The planner loads when opened; a list nobody has opened needs no fetch.
  return topicTable<Meal>(
    'meal_planner',
    applyMealChange,
    () => void (planner.loaded && loadMeals(householdId)),
  );
}

export function usePlanner(): { meals: readonly Meal[]; loaded: boolean } {
  return useSnapshot(planner);
}
