import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planToday } from '../../../../shared/dates/meal-window.ts';
import type { Change } from '../../lib/realtime.ts';
import { holdRead } from '../../testing/held-read.ts';
import type { Meal } from './api.ts';
import {
  applyMealChange,
  loadMeals,
  planner,
  plannerDates,
  refreshMeals,
  removeMeal,
  resetPlanner,
  undoRemoveMeal,
} from './store.ts';

const meal = (id: string, date: string, cook: string | null = null): Meal => ({
  id,
  date,
  cooked_at: null,
  slot: 'dinner',
  user_id: 'u',
  recipe_id: 'r',
  cook_id: cook,
  portions: null,
});

describe('meal planner store', () => {
  afterEach(resetPlanner);

  it('covers today through 7 days ahead', () => {
    const dates = plannerDates();
    expect(dates).toHaveLength(8);
    expect(new Set(dates).size).toBe(8);
  });

  it('applies inserts and updates inside the window and drops rows outside it', () => {
    const [today, , , , , , , last] = plannerDates();
    applyMealChange({ eventType: 'INSERT', new: meal('1', today!) } as Change<Meal>);
    applyMealChange({ eventType: 'INSERT', new: meal('2', '2000-01-01') } as Change<Meal>);
    applyMealChange({ eventType: 'INSERT', new: meal('3', last!) } as Change<Meal>);
    expect(planner.meals.map((m) => m.id)).toEqual(['1', '3']);
    applyMealChange({ eventType: 'UPDATE', new: meal('1', today!, 'cook-a') } as Change<Meal>);
    expect(planner.meals[0]!.cook_id).toBe('cook-a');
    applyMealChange({ eventType: 'DELETE', old: { id: '3' } } as Change<Meal>);
    expect(planner.meals.map((m) => m.id)).toEqual(['1']);
  });

  // The test client's server is unreachable: a removal or its Undo that fails changes nothing shown.
  it('keeps the meal when removing it fails, so there is nothing to undo', async () => {
    const [today] = plannerDates();
    planner.meals = [meal('1', today!, 'cook-a')];
    await expect(removeMeal('1')).rejects.toThrow();
    expect(planner.meals).toEqual([meal('1', today!, 'cook-a')]);
  });

  it('shows no meal back when its Undo fails', async () => {
    const [today] = plannerDates();
    await expect(undoRemoveMeal('h', meal('1', today!, 'cook-a'))).rejects.toThrow();
    expect(planner.meals).toEqual([]);
  });
});

describe("the plan's today", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    process.env.TZ = zone;
    resetPlanner();
  });

  it('keeps a live change heard while a read was on its way, whose older answer lacks it', async () => {
    const [today] = plannerDates();
    const read = holdRead('meal_planner');
    const loading = loadMeals('u');
    await read.sent();
    // Another member plans a meal after the read was sent; the read answers without it.
    applyMealChange({ eventType: 'INSERT', new: meal('new', today!) } as Change<Meal>);
    read.answer([meal('old', today!)]);
    await loading;
    expect(planner.meals.map((m) => m.id).sort()).toEqual(['new', 'old']);
  });

  /** The `date=lt.` filter of the DELETE the store sends on loading the plan at `iso`. */
  async function deletedBefore(iso: string): Promise<string | undefined> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    const deletes: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if ((init?.method ?? 'GET') === 'DELETE') deletes.push(url);
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await loadMeals('u');
    // Only Date is fake, so timers run; vi.waitFor would move the fake clock on.
    for (let i = 0; i < 100 && deletes.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(deletes).toHaveLength(1);
    return deletes[0]!.searchParams.get('date')?.replace(/^lt\./, '');
  }

  // The instants of supabase/functions/tests/cleanup_meals.test.ts, which holds cleanup-meals to
  // the same days: Sydney's midnight of 10 March 2001 (AEDT) is 13:00 UTC on the 9th.
  it("deletes the meals before the day cleanup-meals deletes before, whatever the browser's zone", async () => {
    for (const browserZone of ['America/Los_Angeles', 'Australia/Perth', 'Pacific/Kiritimati']) {
      process.env.TZ = browserZone;
      for (const [iso, day] of [
        ['2001-03-09T12:59:59.999Z', '2001-03-09'],
        ['2001-03-09T13:00:00.000Z', '2001-03-10'],
      ] as const) {
        expect(await deletedBefore(iso), `${iso} in ${browserZone}`).toBe(day);
        expect(planToday(new Date(iso))).toBe(day);
        expect(plannerDates()[0]).toBe(day);
        vi.restoreAllMocks();
      }
    }
  });
});

describe('opening a screen that shows the plan', () => {
  /** The browser's idle callbacks, held until the test says the browser is idle. */
  let idle: (() => void)[] = [];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetPlanner();
  });

  /** The meal reads (GET meal_planner) the store sends, as they are sent. */
  function countReads(): { reads: number } {
    const seen = { reads: 0 };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if ((init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/meal_planner')) seen.reads++;
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    return seen;
  }

  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5));
  };
  const browserIdle = () => {
    for (const run of idle.splice(0)) run();
  };

  it('reads the plan at once when the store has none', async () => {
    const seen = countReads();
    refreshMeals('u');
    await settle();
    expect(seen.reads).toBe(1);
    expect(planner.loaded).toBe(true);
  });

  it('shows a plan already read at once and reads it again when the browser is idle', async () => {
    const [today] = plannerDates();
    applyMealChange({ eventType: 'INSERT', new: meal('1', today!) } as Change<Meal>);
    planner.loaded = true;
    const seen = countReads();
    refreshMeals('u');
    await settle();
    expect(seen.reads).toBe(0);
    expect(planner.meals.map((m) => m.id)).toEqual(['1']);
    browserIdle();
    await settle();
    expect(seen.reads).toBe(1);
  });

  it('sends no re-read once the screen has closed', async () => {
    planner.loaded = true;
    const seen = countReads();
    const close = refreshMeals('u');
    close();
    browserIdle();
    await settle();
    expect(seen.reads).toBe(0);
  });
});
