import { describe, expect, it } from 'vitest';
import { PACK_MEASURE_FACTORS } from '../units/factors.ts';
import { parsePackMeasure, readPackMeasure } from './pack-measure.ts';

describe('parsePackMeasure (spec 9 pack measure factors)', () => {
  it('holds exactly the spec factors', () => {
    expect(PACK_MEASURE_FACTORS).toEqual({ mL: 1, L: 1000, g: 1, kg: 1000, tsp: 5, tbsp: 20, cup: 250 });
  });

  it('applies each factor', () => {
    expect(parsePackMeasure('250 mL')).toBe(250);
    expect(parsePackMeasure('1L')).toBe(1000);
    expect(parsePackMeasure('500g')).toBe(500);
    expect(parsePackMeasure('1.5kg')).toBe(1500);
    expect(parsePackMeasure('2 tsp')).toBe(10);
    expect(parsePackMeasure('3 tbsp')).toBe(60);
    expect(parsePackMeasure('2 cup')).toBe(500);
  });

  it('uses factor 1 for anything else', () => {
    expect(parsePackMeasure('12 pack')).toBe(12);
    expect(parsePackMeasure('6 each')).toBe(6);
    expect(parsePackMeasure('1 bunch')).toBe(1);
    expect(parsePackMeasure('400')).toBe(400);
  });

  it('ignores case and spacing, reads multipliers and trailing words', () => {
    expect(parsePackMeasure('1 l')).toBe(1000);
    expect(parsePackMeasure('2L')).toBe(2000);
    expect(parsePackMeasure(' 500 G ')).toBe(500);
    expect(parsePackMeasure('250ML')).toBe(250);
    expect(parsePackMeasure('6 x 375mL')).toBe(2250);
    expect(parsePackMeasure('500 g bag')).toBe(500);
    expect(parsePackMeasure('1,000g')).toBe(1000);
    expect(parsePackMeasure('1,00g')).toBe(0);
    expect(parsePackMeasure(500)).toBe(500);
  });

  it('gives 0 for bad input', () => {
    for (const m of [null, undefined, '', 'each', 'abc', '-1kg', '0g', {}, [], Number.NaN, -5, true]) {
      expect(parsePackMeasure(m)).toBe(0);
    }
  });

  it('marks counts', () => {
    expect(readPackMeasure('12 pack')?.counted).toBe(true);
    expect(readPackMeasure('500g')?.counted).toBe(false);
    expect(readPackMeasure('500')?.counted).toBe(false);
  });
});
