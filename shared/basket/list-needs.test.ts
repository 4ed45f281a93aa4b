import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ListLine, listNeeds, ONE_PACK } from './list-needs.ts';

const line = (over: Partial<ListLine>): ListLine => ({
  ingredient_id: null,
  name: 'plain flour',
  amount: 100,
  unit: 'g',
  ...over,
});

describe('listNeeds', () => {
  it('sums one ingredient across lines in its base unit', () => {
    const [flour, ...rest] = listNeeds([
      line({ ingredient_id: 7, amount: 250, unit: 'g' }),
      line({ ingredient_id: 7, amount: 1, unit: 'kg' }),
    ]);
    expect(rest).toEqual([]);
    expect(flour).toMatchObject({ key: 'i:7', ingredient_id: 7, base: 'g', need: 1250, buy: 1250, have: 0 });
  });

  it('sums free-text lines by their name as stored, in any case', () => {
    const needs = listNeeds([
      line({ name: 'Dog  Food', amount: 2, unit: 'kg' }),
      line({ name: 'dog food', amount: 500, unit: 'g' }),
    ]);
    expect(needs).toHaveLength(1);
    expect(needs[0]).toMatchObject({ key: 'n:dog food', name: 'Dog  Food', need: 2500 });
  });

  it('keeps a linked ingredient apart from a free-text line of the same name', () => {
    const needs = listNeeds([line({ ingredient_id: 7 }), line({})]);
    expect(needs.map((n) => n.key)).toEqual(['i:7', 'n:plain flour']);
  });

  it('buys one pack of a line without an amount, or in a unit that cannot be converted', () => {
    const [milk, honey] = listNeeds([
      line({ ingredient_id: 3, name: 'milk', amount: null, unit: null }),
      line({ ingredient_id: 4, name: 'honey', amount: 2, unit: 'jar' }),
    ]);
    expect(milk?.buy).toBe(ONE_PACK);
    expect(honey?.buy).toBe(ONE_PACK);
  });

  it('reads an amount without a unit as pieces of what is counted, grams of anything else', () => {
    const [onion, eggs, flour] = listNeeds([
      line({ ingredient_id: 1, name: 'brown onion', amount: 2, unit: null }),
      line({ ingredient_id: 2, name: 'egg', amount: 6, unit: '' }),
      line({ ingredient_id: 7, name: 'plain flour', amount: 500, unit: null }),
    ]);
    expect(onion).toMatchObject({ base: 'each', need: 2, buy: 2 });
    expect(eggs).toMatchObject({ base: 'each', need: 6, buy: 6 });
    expect(flour).toMatchObject({ base: 'g', need: 500, buy: 500 });
  });

  it('says which lines have no amount it knows, so a basket buys them one pack', () => {
    const [milk, honey, flour] = listNeeds([
      line({ ingredient_id: 3, name: 'milk', amount: null, unit: null }),
      line({ ingredient_id: 4, name: 'honey', amount: 2, unit: 'jar' }),
      line({ ingredient_id: 7, amount: null, unit: null }),
      line({ ingredient_id: 7, amount: 100, unit: 'g' }),
    ]);
    expect([milk?.packs, honey?.packs]).toEqual([1, 1]);
    // An amount it knows is what the line buys; the line without one adds nothing to it.
    expect(flour?.packs).toBeUndefined();
  });

  it('buys as many packs as a line asks for in packs, and counts a dozen as twelve', () => {
    const [pasta, eggs] = listNeeds([
      line({ ingredient_id: 8, name: 'spaghetti', amount: 2, unit: 'packets' }),
      line({ ingredient_id: 8, name: 'spaghetti', amount: 1, unit: 'pack' }),
      line({ ingredient_id: 8, name: 'spaghetti', amount: null, unit: null }),
      line({ ingredient_id: 2, name: 'egg', amount: 2, unit: 'dozen' }),
    ]);
    expect(pasta).toMatchObject({ buy: ONE_PACK, packs: 3 });
    expect(eggs).toMatchObject({ base: 'each', buy: 24 });
    expect(eggs?.packs).toBeUndefined();
  });

  it('gives the same sums whatever the order of the lines', () => {
    const arbitraryLine = fc.record({
      ingredient_id: fc.constantFrom(1, 2, null),
      name: fc.constantFrom('plain flour', 'Plain Flour', 'milk', 'egg'),
      amount: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
      unit: fc.constantFrom('g', 'kg', 'mL', 'cup', null),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 20 }), fc.func(fc.integer()), (lines, rank) => {
        const shuffled = [...lines].sort((a, b) => rank(a) - rank(b));
        const sums = (ls: ListLine[]) =>
          Object.fromEntries(listNeeds(ls).map((n) => [n.key, Math.round(n.buy * 1e6)]));
        expect(sums(shuffled)).toEqual(sums(lines));
      }),
    );
  });
});
