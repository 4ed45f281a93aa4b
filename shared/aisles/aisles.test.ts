import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aisleOrder, DEFAULT_AISLE_ORDERS, groupByAisle, moveAisle, SHOP_CATEGORIES } from './aisles.ts';

const line = (name: string, category: string | null, checked = false) => ({ name, category, checked });

describe('aisleOrder (issue 25)', () => {
  it("is the chain's default when the household saved none", () => {
    expect(aisleOrder('aldi', null)).toEqual(DEFAULT_AISLE_ORDERS.aldi);
    expect(aisleOrder(null, null)).toEqual([...SHOP_CATEGORIES]);
  });

  it('keeps a saved order, drops unknown and repeated keys and adds what it lacks', () => {
    expect(aisleOrder('coles', ['frozen', 'nonsense', 'frozen', 'bakery'])).toEqual([
      'frozen',
      'bakery',
      'fruit-veg',
      'meat-seafood',
      'dairy-eggs',
      'pantry',
      'drinks',
      'household',
    ]);
  });

  it('is always the eight categories, each once (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.array(fc.oneof(fc.constantFrom(...SHOP_CATEGORIES), fc.string())),
        (c, s) => {
          const order = aisleOrder(c, s);
          expect([...order].sort()).toEqual([...SHOP_CATEGORIES].sort());
        },
      ),
    );
  });
});

describe('moveAisle', () => {
  it('moves one aisle up or down, or to where it is dropped', () => {
    const order = aisleOrder('coles', null);
    expect(moveAisle(order, 'bakery', 0).slice(0, 2)).toEqual(['bakery', 'fruit-veg']);
    expect(moveAisle(order, 'fruit-veg', 1).slice(0, 2)).toEqual(['bakery', 'fruit-veg']);
    expect(moveAisle(order, 'household', 99).at(-1)).toBe('household');
    expect(moveAisle(order, 'nope', 0)).toEqual(order);
  });

  it('keeps the same categories and the others in order (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHOP_CATEGORIES), fc.integer({ min: -3, max: 12 }), (cat, to) => {
        const order = aisleOrder('woolworths', null);
        const moved = moveAisle(order, cat, to);
        expect([...moved].sort()).toEqual([...order].sort());
        expect(moved.filter((c) => c !== cat)).toEqual(order.filter((c) => c !== cat));
      }),
    );
  });
});

describe('groupByAisle', () => {
  it('groups unticked lines in store order, "Other" after them, ticked lines at the bottom', () => {
    const items = [
      line('milk', 'dairy-eggs'),
      line('apple', 'fruit-veg', true),
      line('pegs', null),
      line('banana', 'fruit-veg'),
      line('bread', 'bakery'),
    ];
    const { aisles, ticked } = groupByAisle(items, aisleOrder('woolworths', null));
    expect(aisles.map((a) => [a.name, a.items.map((i) => i.name)])).toEqual([
      ['Fruit and vegetables', ['banana']],
      ['Bakery', ['bread']],
      ['Dairy and eggs', ['milk']],
      ['Other', ['pegs']],
    ]);
    expect(ticked.map((i) => i.name)).toEqual(['apple']);
  });

  it('follows a reordered store', () => {
    const items = [line('milk', 'dairy-eggs'), line('banana', 'fruit-veg')];
    const order = moveAisle(aisleOrder('coles', null), 'dairy-eggs', 0);
    expect(groupByAisle(items, order).aisles.map((a) => a.category)).toEqual(['dairy-eggs', 'fruit-veg']);
  });

  it('shows every line exactly once (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ checked: fc.boolean(), category: fc.option(fc.constantFrom(...SHOP_CATEGORIES, 'x')) }),
        ),
        (items) => {
          const { aisles, ticked } = groupByAisle(items, SHOP_CATEGORIES);
          expect(aisles.flatMap((a) => a.items).length + ticked.length).toBe(items.length);
          expect(ticked.every((i) => i.checked)).toBe(true);
        },
      ),
    );
  });
});
