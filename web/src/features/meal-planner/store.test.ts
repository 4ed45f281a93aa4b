import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import type { Meal } from './api.ts';
import { applyMealChange, planner, plannerDates, resetPlanner } from './store.ts';

const meal = (id: string, date: string, cook: string | null = null): Meal => ({
  id,
  date,
  slot: 'dinner',
  user_id: 'u',
  recipe_id: 'r',
  cook_id: cook,
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
});
