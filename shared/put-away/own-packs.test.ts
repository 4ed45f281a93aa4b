import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownPacksBought, packOfIngredient } from './own-packs.ts';

describe('ownPacksBought', () => {
  it('buys the whole packs that cover the line, in the pack unit', () => {
    expect(ownPacksBought(700, 'g', 'Nonna’s passata', { size: 500, unit: 'g' })).toEqual({
      packs: 2,
      amount: 1000,
      unit: 'g',
    });
    expect(ownPacksBought(1, 'kg', 'Nonna’s passata', { size: 500, unit: 'g' })).toEqual({
      packs: 2,
      amount: 1000,
      unit: 'g',
    });
    expect(ownPacksBought(500, 'g', 'Nonna’s passata', { size: 500, unit: 'g' })).toMatchObject({ packs: 1 });
  });

  it('a line without an amount buys one pack; one in a unit that does not convert keeps its own', () => {
    expect(ownPacksBought(null, null, 'Dish soap', { size: 750, unit: 'mL' })).toEqual({
      packs: 1,
      amount: 750,
      unit: 'mL',
    });
    expect(ownPacksBought(2, 'jar', 'Dish soap', { size: 750, unit: 'mL' })).toBeNull();
    expect(ownPacksBought(2, 'g', 'Dish soap', { size: 750, unit: 'bucket' })).toBeNull();
  });

  it('a count without a unit is that many of what is sold by the each', () => {
    expect(ownPacksBought(8, null, 'Backyard eggs', { size: 6, unit: 'each' })).toEqual({
      packs: 2,
      amount: 12,
      unit: 'each',
    });
  });

  it('never buys less than the line needs, nor a whole pack more', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 20_000, noNaN: true }),
        fc.double({ min: 0.1, max: 25_000, noNaN: true }),
        (quantity, size) => {
          const bought = ownPacksBought(quantity, 'g', 'Own thing', { size, unit: 'g' })!;
          expect(bought.packs * size).toBeGreaterThanOrEqual(quantity - 1e-6);
          expect((bought.packs - 1) * size).toBeLessThan(quantity + 1e-6);
        },
      ),
    );
  });
});

describe('packOfIngredient', () => {
  it('is the pack an own ingredient keeps, and none for one the form would refuse or cannot see', () => {
    expect(packOfIngredient({ pack_size: 700, pack_unit: 'g' })).toEqual({ size: 700, unit: 'g' });
    expect(packOfIngredient({ pack_size: 6, pack_unit: 'each' })).toEqual({ size: 6, unit: 'each' });
    for (const row of [
      null,
      undefined,
      { pack_size: null, pack_unit: null },
      { pack_size: 5, pack_unit: 'L' },
      { pack_size: 0, pack_unit: 'g' },
      { pack_size: -250, pack_unit: 'g' },
      { pack_size: Number.NaN, pack_unit: 'g' },
      { pack_size: 250, pack_unit: null },
    ])
      expect(packOfIngredient(row)).toBeNull();
  });
});
