import { describe, expect, it } from 'vitest';
import { preferredUnits } from './preferred-units.ts';

describe('preferredUnits (spec 9 preferred display units)', () => {
  it('gives oil in tbsp, cup or mL', () => {
    expect(preferredUnits('oil')).toEqual(['tbsp', 'cup', 'mL']);
    expect(preferredUnits('Olive Oil')).toEqual(['tbsp', 'cup', 'mL']);
  });

  it('gives milk and water in cup, mL or L', () => {
    expect(preferredUnits('milk')).toEqual(['cup', 'mL', 'L']);
    expect(preferredUnits('water')).toEqual(['cup', 'mL', 'L']);
    expect(preferredUnits('full cream milk')).toEqual(['cup', 'mL', 'L']);
  });

  it('derives units from the data for unlisted ingredients', () => {
    expect(preferredUnits('carrot')).toEqual(['piece', 'g']);
    expect(preferredUnits('cinnamon')).toEqual(['tsp', 'tbsp']);
    expect(preferredUnits('walnuts')).toEqual(['cup', 'g']);
    expect(preferredUnits('zzz unknown')).toEqual(['g', 'kg']);
    expect(preferredUnits(null as unknown as string)).toEqual(['g', 'kg']);
  });

  it('returns a fresh array each time', () => {
    const a = preferredUnits('oil');
    a.push('x');
    expect(preferredUnits('oil')).toEqual(['tbsp', 'cup', 'mL']);
  });
});
