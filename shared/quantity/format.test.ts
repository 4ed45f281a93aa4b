import { describe, expect, it } from 'vitest';
import { formatQuantity } from './format.ts';
import { parseQuantity } from './parse.ts';

describe('formatQuantity (spec 9 quantity display)', () => {
  it('prints whole numbers plain', () => {
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(250)).toBe('250');
  });

  it('snaps to halves, thirds, quarters and eighths as ASCII fractions', () => {
    expect(formatQuantity(1.5)).toBe('1 1/2');
    expect(formatQuantity(0.5)).toBe('1/2');
    expect(formatQuantity(1 / 3)).toBe('1/3');
    expect(formatQuantity(2 / 3)).toBe('2/3');
    expect(formatQuantity(0.25)).toBe('1/4');
    expect(formatQuantity(2.75)).toBe('2 3/4');
    expect(formatQuantity(0.125)).toBe('1/8');
    expect(formatQuantity(0.375)).toBe('3/8');
  });

  it('snaps when within 0.05 and not beyond', () => {
    expect(formatQuantity(0.54)).toBe('1/2');
    expect(formatQuantity(0.46)).toBe('1/2');
    expect(formatQuantity(0.3)).toBe('1/3');
    expect(formatQuantity(1.97)).toBe('2');
    expect(formatQuantity(1.03)).toBe('1');
    // 0.06 is 0.06 from 0 and 0.065 from 1/8: nothing within 0.05.
    expect(formatQuantity(0.06)).toBe('0.06');
    // 2.56 is 0.06 from 2 1/2 and 0.065 from 2 5/8.
    expect(formatQuantity(2.56)).toBe('2.6');
  });

  it('shows one decimal otherwise, and two under 0.25', () => {
    expect(formatQuantity(1.06)).toBe('1.1');
    expect(formatQuantity(3.19)).toBe('3.2');
    expect(formatQuantity(0.19)).toBe('0.19');
    expect(formatQuantity(0.065)).toBe('0.07');
  });

  it('never prints 0 for a positive amount (QA: "0 cup brown sugar")', () => {
    // 0.04 is within 0.05 of 0, but a positive amount is not nothing.
    expect(formatQuantity(0.04)).toBe('0.04');
    expect(formatQuantity(0.05)).toBe('0.05');
    expect(formatQuantity(0.01)).toBe('0.01');
    // Under 0.005 two decimals would show 0.00: the smallest step shown instead.
    expect(formatQuantity(0.004)).toBe('0.01');
    expect(formatQuantity(1e-9)).toBe('0.01');
    expect(formatQuantity(Number.MIN_VALUE)).toBe('0.01');
    expect(parseQuantity(formatQuantity(0.004))).toBe(0.01);
  });

  it('prints 0 for zero, negative and non-finite input', () => {
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(-1)).toBe('0');
    expect(formatQuantity(Number.NaN)).toBe('0');
    expect(formatQuantity(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('reads back through parseQuantity', () => {
    for (const n of [0.5, 1.5, 1 / 3, 2.25, 0.125, 3]) {
      expect(parseQuantity(formatQuantity(n))).toBeCloseTo(n, 10);
    }
  });
});
