import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './cents.ts';

describe('dollarsToCents', () => {
  it('reads the floats feeds contain exactly', () => {
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0)).toBe(0);
  });
  it('refuses what is not a whole number of cents', () => {
    for (const bad of [4.355, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e20])
      expect(dollarsToCents(bad)).toBeNull();
  });
  it('round-trips every cent amount a feed can hold (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => dollarsToCents(cents / 100) === cents),
    );
  });
});
