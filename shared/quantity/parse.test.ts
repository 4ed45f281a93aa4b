import { describe, expect, it } from 'vitest';
import { parseQuantity } from './parse.ts';

describe('parseQuantity (spec 5 quantity parsing)', () => {
  it('gives 0 for empty', () => {
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('   ')).toBe(0);
    expect(parseQuantity(null)).toBe(0);
    expect(parseQuantity(undefined)).toBe(0);
  });

  it('passes numbers through', () => {
    expect(parseQuantity(2)).toBe(2);
    expect(parseQuantity(0.25)).toBe(0.25);
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 2.5 ')).toBe(2.5);
  });

  it("gives 0 for 'to taste'", () => {
    expect(parseQuantity('to taste')).toBe(0);
    expect(parseQuantity('To Taste')).toBe(0);
  });

  it('recognises mixed numbers', () => {
    expect(parseQuantity('1 1/2')).toBe(1.5);
    expect(parseQuantity('2 3/4')).toBe(2.75);
  });

  it('recognises simple fractions without rounding them', () => {
    expect(parseQuantity('1/2')).toBe(0.5);
    expect(parseQuantity('3/4')).toBe(0.75);
    expect(parseQuantity('1/3')).toBeCloseTo(1 / 3, 10);
  });

  it('recognises vulgar-fraction characters, alone and after a whole number', () => {
    expect(parseQuantity('½')).toBe(0.5);
    expect(parseQuantity('¼')).toBe(0.25);
    expect(parseQuantity('¾')).toBe(0.75);
    expect(parseQuantity('⅓')).toBeCloseTo(1 / 3, 10);
    expect(parseQuantity('1½')).toBe(1.5);
    expect(parseQuantity('1 ½')).toBe(1.5);
  });

  it('gives 0 for anything unparseable', () => {
    for (const q of ['abc', 'a pinch', '1-2', '2 cups', '1/0', '0/0', {}, [], true, Symbol('x')]) {
      expect(parseQuantity(q)).toBe(0);
    }
  });

  it('never returns a negative or non-finite number', () => {
    expect(parseQuantity(-2)).toBe(0);
    expect(parseQuantity('-2')).toBe(0);
    expect(parseQuantity(Number.NaN)).toBe(0);
    expect(parseQuantity(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parseQuantity('1e400')).toBe(0);
  });

  it('gives the same answer from its cache', () => {
    expect(parseQuantity('2 1/4')).toBe(2.25);
    expect(parseQuantity('2 1/4')).toBe(2.25);
  });
});
