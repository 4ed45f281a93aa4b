import { describe, expect, it } from 'vitest';
import type { ShoppingItem } from './api.ts';
import { enqueue, type QueuedChange, withQueue } from './offline.ts';

const item = (id: string, checked = false): ShoppingItem => ({
  id,
  user_id: 'u',
  name: `item ${id}`,
  ingredient_id: null,
  quantity: 1,
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
  unit: null,
  checked,
});

describe('the offline queue', () => {
  it('keeps the last tick of each line, after any addition of it', () => {
    let q: QueuedChange[] = [];
    q = enqueue(q, { kind: 'tick', id: 'a', checked: true });
    q = enqueue(q, {
      kind: 'add',
      id: 'n',
      item: { name: 'milk', ingredient_id: null, quantity: null, unit: null },
    });
    q = enqueue(q, { kind: 'tick', id: 'b', checked: true });
    q = enqueue(q, { kind: 'tick', id: 'a', checked: false });
    q = enqueue(q, { kind: 'tick', id: 'n', checked: true });
    expect(q.map((c) => `${c.kind} ${c.id}`)).toEqual(['add n', 'tick b', 'tick a', 'tick n']);
    expect(q.find((c) => c.id === 'a')).toEqual({ kind: 'tick', id: 'a', checked: false });
  });

  it('shows the list as it will be: ticks applied, additions added once', () => {
    const q: QueuedChange[] = [
      { kind: 'add', id: 'n', item: { name: 'milk', ingredient_id: null, quantity: 2, unit: 'L' } },
      { kind: 'tick', id: 'a', checked: true },
      { kind: 'tick', id: 'n', checked: true },
    ];
    const shown = withQueue([item('a'), item('b', true)], q, 'me');
    expect(shown.map((i) => [i.id, i.checked])).toEqual([
      ['a', true],
      ['b', true],
      ['n', true],
    ]);
    expect(shown[2]).toMatchObject({ name: 'milk', quantity: 2, unit: 'L', user_id: 'me' });
    // Once the server has the addition, it is not shown twice.
    expect(withQueue([item('a'), item('n')], q).map((i) => i.id)).toEqual(['a', 'n']);
  });

  it('removes a line offline, and an undo still waiting cancels the removal instead of sending both', () => {
    let q: QueuedChange[] = [{ kind: 'tick', id: 'a', checked: true }];
    q = enqueue(q, { kind: 'remove', id: 'a' });
    expect(withQueue([item('a'), item('b')], q).map((i) => i.id)).toEqual(['b']);
    q = enqueue(q, { kind: 'restore', id: 'a', item: item('a', true) });
    expect(q).toEqual([{ kind: 'tick', id: 'a', checked: true }]);
    expect(withQueue([item('a'), item('b')], q).map((i) => [i.id, i.checked])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('a line added and removed offline never reaches the server', () => {
    let q: QueuedChange[] = [];
    q = enqueue(q, {
      kind: 'add',
      id: 'n',
      item: { name: 'milk', ingredient_id: null, quantity: 1, unit: 'L' },
    });
    q = enqueue(q, { kind: 'tick', id: 'n', checked: true });
    q = enqueue(q, { kind: 'remove', id: 'n' });
    expect(q).toEqual([]);
  });

  it('an undo of a removal already sent puts the line back as it was, ticked and all', () => {
    const was = { ...item('a', true), plan_key: 'i:7', plan_meals: ['Mon dinner'] };
    const q = enqueue([], { kind: 'restore', id: 'a', item: was });
    expect(q).toEqual([{ kind: 'restore', id: 'a', item: was }]);
    expect(withQueue([item('b')], q)).toEqual([item('b'), was]);
    // Once the server has it back, it is shown once.
    expect(withQueue([was, item('b')], q)).toEqual([was, item('b')]);
  });
});
