import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packMeasureText, shelfUnitPrice } from './shelf-price.ts';

describe('shelfUnitPrice: the Unit Pricing Code bases', () => {
  it('per 100 g, per 100 mL, per kg loose, each', () => {
    expect(shelfUnitPrice(450, { size: 500, unit: 'g' })).toEqual({ cents: 90, per: '100 g' });
    expect(shelfUnitPrice(310, { size: 2000, unit: 'mL' })).toEqual({ cents: 16, per: '100 mL' });
    expect(shelfUnitPrice(120, { size: 180, unit: 'g', loose: true })).toEqual({ cents: 667, per: 'kg' });
    expect(shelfUnitPrice(600, { size: 12, unit: 'each' })).toEqual({ cents: 50, per: 'each' });
    expect(shelfUnitPrice(600, { size: 0, unit: 'each' })).toBeNull();
  });
  it('never gives a dearer pack a lower unit price (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('g', 'mL', 'each') as fc.Arbitrary<'g' | 'mL' | 'each'>,
        (a, b, size, unit) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          return shelfUnitPrice(low, { size, unit })!.cents <= shelfUnitPrice(high, { size, unit })!.cents;
        },
      ),
    );
  });
  it('writes pack measures as the spec reads them', () => {
    expect(packMeasureText({ size: 500, unit: 'g' })).toBe('500g');
    expect(packMeasureText({ size: 1000, unit: 'mL' })).toBe('1L');
    expect(packMeasureText({ size: 1250, unit: 'g' })).toBe('1.25kg');
    expect(packMeasureText({ size: 6, unit: 'each' })).toBe('6 each');
  });
});
