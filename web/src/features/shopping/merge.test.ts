import { describe, expect, it } from 'vitest';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import type { ShoppingItem } from './api.ts';
import { planAdd } from './merge.ts';

const row = (
  id: string,
  name: string,
  ingredient_id: number | null,
  quantity: number | null,
  unit: string | null,
  checked = false,
): ShoppingItem => ({
  id,
  user_id: 'u',
  name,
  ingredient_id,
  quantity,
  unit,
  checked,
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
});
const input = (
  name: string,
  ingredient_id: number | null,
  quantity: number | null,
  unit: string | null,
): ItemValues => ({
  name,
  ingredient_id,
  quantity,
  unit,
});

describe('planAdd', () => {
  it('adding the same recipe twice sums the unticked lines instead of duplicating them (QA 8)', () => {
    const list = [
      row('a', 'egg', 3, 2, 'piece'),
      row('b', 'plain flour', 5, 1.5, 'cup'),
      row('c', 'salt', 9, null, null),
    ];
    const again = [
      input('egg', 3, 2, 'piece'),
      input('plain flour', 5, 1.5, 'cup'),
      input('salt', 9, null, null),
    ];
    expect(planAdd(list, again)).toEqual({
      updates: [
        { id: 'a', quantity: 4 },
        { id: 'b', quantity: 3 },
      ],
      inserts: [],
    });
  });

  it('adds a new line for another unit, a ticked line or a new ingredient, merging repeats among them', () => {
    const list = [row('a', 'egg', 3, 2, 'piece', true), row('b', 'milk', 4, 1, 'cup')];
    const plan = planAdd(list, [
      input('egg', 3, 2, 'piece'),
      input('milk', 4, 200, 'mL'),
      input('Dishwashing liquid', null, 1, null),
      input('dishwashing liquid', null, 1, null),
    ]);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toEqual([
      input('egg', 3, 2, 'piece'),
      input('milk', 4, 200, 'mL'),
      input('Dishwashing liquid', null, 2, null),
    ]);
  });
});
