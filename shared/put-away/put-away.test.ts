import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecipeLine } from '../nutrition/types.ts';
import { pantryTakes } from './cooked.ts';
import { applyPutAway, type BoughtLine, type PantryRow, planPutAway, undoPutAway } from './put-away.ts';

/** A pantry row: [id, name, quantity, unit, ingredient]. */
const row = (
  ...[id, name, quantity, unit, ingredient_id = null]: [
    string,
    string,
    number | null,
    string | null,
    (number | null)?,
  ]
): PantryRow => ({ id, name, ingredient_id, quantity, unit });
const bought = (
  shopping_id: string,
  name: string,
  quantity: unknown,
  unit: string | null,
  ingredient_id: number | null = null,
): BoughtLine => ({
  shopping_id,
  name,
  ingredient_id,
  quantity,
  unit,
});
const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('planPutAway (issue 25)', () => {
  it('adds to the same item in the same unit, restates other units in grams or millilitres', () => {
    const pantry = [
      row('r', 'rice', 1, 'kg', 7),
      row('m', 'milk', 500, 'mL', 9),
      row('e', 'egg', 2, null, 3),
    ];
    const { entries, errors } = planPutAway(
      pantry,
      [bought('a', 'rice', 500, 'g', 7), bought('b', 'milk', 1, 'L', 9), bought('c', 'egg', 12, 'each', 3)],
      ids(),
    );
    expect(errors).toEqual([]);
    const after = applyPutAway(pantry, entries, []).pantry;
    expect(after.map((r) => [r.id, r.quantity, r.unit])).toEqual([
      ['r', 1500, 'g'],
      ['m', 1500, 'mL'],
      ['e', 14, null],
    ]);
  });

  it('keeps units that do not convert apart, and adds new items as new rows', () => {
    const pantry = [row('h', 'honey', 1, 'jar')];
    const lines = [
      bought('a', 'honey', 500, 'g'),
      bought('b', 'honey', 500, 'g'),
      bought('c', 'Honey', 1, 'jar'),
    ];
    const { entries } = planPutAway(pantry, lines, ids());
    const after = applyPutAway(pantry, entries, lines).pantry;
    expect(after.map((r) => [r.name, r.quantity, r.unit])).toEqual([
      ['honey', 2, 'jar'],
      ['honey', 1000, 'g'],
    ]);
  });

  it('refuses negative, zero, huge and non-number amounts by field, and a merge over the limit', () => {
    const { entries, errors } = planPutAway(
      [row('r', 'rice', 99_999, 'g')],
      [
        bought('a', 'rice', -1, 'g'),
        bought('b', 'rice', 0, 'g'),
        bought('c', 'rice', 1e9, 'g'),
        bought('d', 'rice', '5', 'g'),
        bought('e', 'rice', 2, 'g'),
        bought('f', 'flour', 1, 'kg'),
      ],
      ids(),
    );
    expect(errors.map((e) => e.field)).toEqual([
      'lines[0].quantity',
      'lines[1].quantity',
      'lines[2].quantity',
      'lines[3].quantity',
      'lines[4].quantity',
    ]);
    expect(errors[4]?.message).toBe('rice would come to more than 100000 g in the pantry.');
    expect(entries.map((e) => e.shopping_id)).toEqual(['f']);
  });
});

describe('undoPutAway', () => {
  it("keeps another member's change and says so", () => {
    const pantry = [row('r', 'rice', 1, 'kg', 7)];
    const lines = [bought('a', 'rice', 500, 'g', 7)];
    const { receipt, pantry: after } = applyPutAway(pantry, planPutAway(pantry, lines, ids()).entries, lines);
    const changed = after.map((r) => ({ ...r, quantity: 1200 }));
    const undone = undoPutAway(changed, receipt);
    expect(undone.pantry).toEqual([row('r', 'rice', 700, 'g', 7)]);
    expect(undone.notes[0]).toMatch(/their change is kept/);
  });
});

const units = fc.constantFrom(null, 'g', 'kg', 'mL', 'L', 'cup', 'tbsp', 'tsp', 'each', 'piece', 'jar');
const amount = fc.integer({ min: 1, max: 5_000_000 }).map((n) => n / 1000);
const names = fc.constantFrom('rice', 'milk', 'Rice', 'honey');
const pantryArb = fc
  .array(fc.tuple(names, fc.option(amount), units, fc.option(fc.constantFrom(1, 2))), { maxLength: 6 })
  .map((rows) => rows.map(([n, q, u, i], k) => row(`p${k}`, n, q, u, i)));
const linesArb = fc
  .array(fc.tuple(names, amount, units, fc.option(fc.constantFrom(1, 2))), { maxLength: 6 })
  .map((rows) => rows.map(([n, q, u, i], k) => bought(`s${k}`, n, q, u, i)));

/** Grams, millilitres, counts and other units summed apart over a pantry. */
function totals(pantry: readonly PantryRow[]): Map<string, number> {
  const sum = new Map<string, number>();
  const per: Record<string, [string, number]> = {
    g: ['g', 1],
    kg: ['g', 1000],
    mL: ['mL', 1],
    L: ['mL', 1000],
    cup: ['mL', 250],
    tbsp: ['mL', 20],
    tsp: ['mL', 5],
  };
  for (const r of pantry) {
    if (r.quantity === null) continue;
    const [unit, f] = per[r.unit ?? ''] ?? [
      r.unit === 'each' || r.unit === 'piece' ? 'count' : String(r.unit ?? 'count'),
      1,
    ];
    const item = r.ingredient_id !== null ? `#${r.ingredient_id}` : r.name.toLowerCase();
    const key = `${item}|${unit}`;
    sum.set(key, (sum.get(key) ?? 0) + r.quantity * f);
  }
  return sum;
}

describe('properties (fast-check)', () => {
  it('putting away then undoing restores the pantry exactly', () => {
    fc.assert(
      fc.property(pantryArb, linesArb, (pantry, lines) => {
        const { entries } = planPutAway(pantry, lines, ids());
        const { pantry: after, receipt } = applyPutAway(pantry, entries, lines);
        const undone = undoPutAway(after, receipt);
        expect(undone.pantry).toEqual(pantry);
        expect(undone.notes).toEqual([]);
      }),
    );
  });

  it('merging never loses an amount', () => {
    fc.assert(
      fc.property(pantryArb, linesArb, (pantry, lines) => {
        const { entries, errors } = planPutAway(pantry, lines, ids());
        const after = applyPutAway(pantry, entries, lines).pantry;
        const put = lines.filter((l) => entries.some((e) => e.shopping_id === l.shopping_id));
        const expected = totals([
          ...pantry,
          ...put.map((l, k) => row(`x${k}`, l.name, l.quantity as number, l.unit, l.ingredient_id)),
        ]);
        const got = totals(after);
        for (const [key, value] of expected) expect(got.get(key) ?? 0).toBeCloseTo(value, 2);
        expect(entries.length + errors.length).toBe(lines.length);
      }),
    );
  });
});

describe('pantryTakes (issue 25: cooking takes from the pantry)', () => {
  const rice = { id: 7, name: 'white rice', protein: 0, carbs: 0, fats: 0, calories: 0 };
  const honey = { id: 8, name: 'honey', protein: 0, carbs: 0, fats: 0, calories: 0 };
  const line = (quantity: string, unit: string | null, ingredients = rice): RecipeLine => ({
    quantity,
    measurements: unit ? { name: unit } : null,
    ingredients,
  });

  it('takes eggs kept without a unit as eggs: two of the six, not all of them', () => {
    const egg = { id: 2, name: 'egg', protein: 0, carbs: 0, fats: 0, calories: 0 };
    const result = pantryTakes([line('2', 'piece', egg)], 1, [row('e', 'egg', 6, null, 2)]);
    expect(result.takes).toEqual([{ pantry_id: 'e', name: 'egg', quantity: 2, unit: null }]);
    expect(result.short).toEqual([]);
  });

  it('takes packets as the packs they are: one of two 500 g packets for 500 g', () => {
    const pasta = { id: 9, name: 'spaghetti', protein: 0, carbs: 0, fats: 0, calories: 0 };
    const packets = { ...row('p', 'spaghetti', 2, 'packet', 9), pack: { size: 500, unit: 'g' as const } };
    const result = pantryTakes([line('500', 'g', pasta)], 1, [packets]);
    expect(result.takes).toEqual([{ pantry_id: 'p', name: 'spaghetti', quantity: 1, unit: 'packet' }]);
    expect(result.short).toEqual([]);
  });

  it('takes what the recipe needs in the row’s unit, never more than it holds, and keeps other units apart', () => {
    const pantry = [
      row('a', 'white rice', 0.2, 'kg', 7),
      row('b', 'white rice', 1, 'kg', 7),
      row('h', 'honey', 1, 'jar', 8),
    ];
    const result = pantryTakes([line('300', 'g'), line('1', 'tbsp', honey)], 2, pantry);
    expect(result.takes).toEqual([
      { pantry_id: 'a', name: 'white rice', quantity: 0.2, unit: 'kg' },
      { pantry_id: 'b', name: 'white rice', quantity: 0.4, unit: 'kg' },
    ]);
    expect(result.apart).toEqual(['honey (jar)']);
    expect(result.short).toEqual(['honey']);
  });

  it('a row emptied by an earlier line is not kept apart', () => {
    const result = pantryTakes([line('300', 'g'), line('300', 'g'), line('300', 'g')], 1, [
      row('a', 'white rice', 400, 'g', 7),
    ]);
    expect(result.takes).toEqual([{ pantry_id: 'a', name: 'white rice', quantity: 400, unit: 'g' }]);
    expect(result.apart).toEqual([]);
    expect(result.short).toEqual(['white rice']);
  });

  it('never takes more than a row holds (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (need, held) => {
        const { takes } = pantryTakes([line(String(need), 'g')], 1, [row('a', 'white rice', held, 'g', 7)]);
        expect(takes[0]?.quantity).toBe(Math.min(need, held));
      }),
    );
  });
});
