import { describe, expect, it } from 'vitest';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import type { PantryItem } from './api.ts';
import { planPantryAdd, planPantryAdds, unitRatio } from './merge.ts';

const row = (
  id: string,
  name: string,
  quantity: number | null,
  unit: string | null,
  ingredient_id: number | null = null,
  use_by: string | null = null,
): PantryItem => ({ id, user_id: 'u', name, ingredient_id, quantity, unit, use_by });
const item = (
  name: string,
  quantity: number | null,
  unit: string | null,
  ingredient_id: number | null = null,
): ItemValues => ({ name, ingredient_id, quantity, unit });

describe('planPantryAdd (issue 15: 12)', () => {
  it("keeps the sooner use-by day when an item is added to its row, and the row's when none is given", () => {
    const milk = [row('m', 'milk', 1, 'L', null, '2026-12-03')];
    const add = (use_by: string | null) => ({ ...item('milk', 1, 'L'), use_by });
    expect(planPantryAdd(milk, add('2026-12-01'))).toMatchObject({ kind: 'update', use_by: '2026-12-01' });
    expect(planPantryAdd(milk, add('2026-12-09'))).toMatchObject({ kind: 'update', use_by: '2026-12-03' });
    expect(planPantryAdd(milk, add(null))).not.toHaveProperty('use_by');
    expect(planPantryAdd([row('m', 'milk', 1, 'L')], add('2026-12-09'))).toMatchObject({
      use_by: '2026-12-09',
    });
  });

  it('adds to the row of the same name, any case or spacing, in the row’s unit: 1 kg + 500 g = 1.5 kg', () => {
    const pantry = [row('a', 'Plain flour', 1, 'kg')];
    expect(planPantryAdd(pantry, item('plain   FLOUR', 500, 'g'))).toEqual({
      kind: 'update',
      id: 'a',
      name: 'Plain flour',
      quantity: 1.5,
      unit: 'kg',
    });
  });

  it('matches the same ingredient whatever it is called, and counts without a unit', () => {
    const pantry = [row('e', 'egg', 6, null, 11)];
    expect(planPantryAdd(pantry, item('eggs', 6, null, 11))).toMatchObject({
      id: 'e',
      quantity: 12,
      unit: null,
    });
  });

  it('keeps units that do not convert apart: grams and cups, a count and kilos', () => {
    expect(planPantryAdd([row('a', 'flour', 500, 'g')], item('flour', 2, 'cup'))).toEqual({
      kind: 'insert',
      item: item('flour', 2, 'cup'),
    });
    expect(planPantryAdd([row('a', 'potato', 4, null)], item('potato', 1, 'kg')).kind).toBe('insert');
  });

  it('finds a row it can merge with among several of the same item', () => {
    const pantry = [row('a', 'milk', 1, 'L'), row('b', 'milk', 2, 'cup')];
    expect(planPantryAdd(pantry, item('milk', 1, 'cup'))).toMatchObject({
      id: 'a',
      quantity: 1.25,
      unit: 'L',
    });
  });

  it('gives an amount to a row without one, and changes nothing when none is added', () => {
    expect(planPantryAdd([row('a', 'salt', null, null)], item('salt', 1, 'kg'))).toMatchObject({
      id: 'a',
      quantity: 1,
      unit: 'kg',
    });
    expect(planPantryAdd([row('a', 'salt', 1, 'kg')], item('Salt', null, null))).toMatchObject({
      id: 'a',
      quantity: 1,
      unit: 'kg',
    });
  });

  it('inserts an item the pantry does not have', () => {
    expect(planPantryAdd([row('a', 'flour', 1, 'kg')], item('sugar', 1, 'kg')).kind).toBe('insert');
  });
});

describe('planPantryAdds: many items at once, as adding each in turn', () => {
  it('merges into rows already there, and into rows it adds, writing each row once', () => {
    const pantry = [row('f', 'plain flour', 1, 'kg', 7), row('r', 'rice', 2, 'kg')];
    const plan = planPantryAdds(pantry, [
      { ...item('Plain flour', 500, 'g', 7), use_by: null },
      { ...item('milk', 1, 'L'), use_by: '2026-12-03' },
      { ...item('plain flour', 250, 'g', 7), use_by: null },
      { ...item('Milk', 500, 'mL'), use_by: '2026-12-01' },
      { ...item('saffron', null, null), use_by: null },
    ]);
    expect(plan.updates).toEqual([{ id: 'f', quantity: 1.75, unit: 'kg', use_by: null }]);
    expect(plan.inserts).toEqual([
      { ...item('milk', 1.5, 'L'), use_by: '2026-12-01' },
      { ...item('saffron', null, null), use_by: null },
    ]);
    // What it was given, and what was there, are left as they were.
    expect(pantry[0]?.quantity).toBe(1);
  });
});

describe('unitRatio', () => {
  it('converts within mass and within volume only', () => {
    expect(unitRatio('g', 'kg')).toBe(0.001);
    expect(unitRatio('kg', 'g')).toBe(1000);
    expect(unitRatio('tbsp', 'mL')).toBe(20);
    expect(unitRatio('grams', 'g')).toBe(1);
    expect(unitRatio(null, null)).toBe(1);
    expect(unitRatio('g', 'cup')).toBeNull();
    expect(unitRatio('piece', 'g')).toBeNull();
    expect(unitRatio(null, 'g')).toBeNull();
  });
});
