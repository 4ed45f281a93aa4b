import { describe, expect, it } from 'vitest';
import type { NeedLine } from '../basket/needs.ts';
import { toUseSoon, usesUp } from './use-soon.ts';

const line = (name: string, ingredient_id: number | null, have: number): NeedLine => ({
  key: ingredient_id === null ? `n:${name}` : `i:${ingredient_id}`,
  ingredient_id,
  name,
  base: 'g',
  need: 100,
  have,
  buy: 100 - have,
  meals: [],
});

describe('toUseSoon and usesUp', () => {
  const today = '2026-11-29';
  const pantry = [
    { name: 'baby spinach', ingredient_id: 7, quantity: 120, unit: 'g', use_by: '2026-11-30' },
    { name: 'Greek  yoghurt', ingredient_id: null, quantity: 1, unit: 'kg', use_by: '2026-11-29' },
    { name: 'milk', ingredient_id: 3, quantity: 2, unit: 'L', use_by: '2026-11-28' },
    { name: 'flour', ingredient_id: 1, quantity: 1, unit: 'kg', use_by: '2026-12-20' },
    { name: 'salt', ingredient_id: 2, quantity: null, unit: null },
  ];
  it('is what is due today or within the next few days, not what is past it or later', () => {
    const soon = toUseSoon(pantry, today);
    expect([...soon.ids]).toEqual([7]);
    expect([...soon.names]).toEqual(['greek yoghurt']);
  });
  it('names the lines a recipe takes from it, by ingredient or by the free-text name', () => {
    const soon = toUseSoon(pantry, today);
    expect(
      usesUp(
        [
          line('baby spinach', 7, 100),
          line('greek yoghurt', 12, 50),
          line('milk', 3, 100),
          line('flour', 1, 100),
        ],
        soon,
      ),
    ).toEqual(['baby spinach', 'greek yoghurt']);
    // A line the pantry gives nothing to uses nothing up.
    expect(usesUp([line('baby spinach', 7, 0)], soon)).toEqual([]);
    expect(usesUp([line('baby spinach', 7, 100)], toUseSoon([], today))).toEqual([]);
  });
});
