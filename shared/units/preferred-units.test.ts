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
    expect(preferredUnits('cinnamon')).toEqual(['tsp', 'tbsp', 'cup']);
    expect(preferredUnits('walnuts')).toEqual(['cup', 'tbsp', 'tsp', 'g']);
    expect(preferredUnits('zzz unknown')).toEqual(['g', 'kg']);
    expect(preferredUnits(null as unknown as string)).toEqual(['g', 'kg']);
  });

  it('offers spoons for everything measured by the spoonful (QA: "0 cup brown sugar")', () => {
    // The seed's own names (supabase/seed-data/recipes).
    for (const name of ['brown sugar', 'honey', 'cornflour', 'sesame seed', 'caster sugar', 'white sugar']) {
      const units = preferredUnits(name);
      expect(units.includes('tsp') && units.includes('tbsp'), name).toBe(true);
    }
    for (const name of ['plain flour', 'self-raising flour', 'desiccated coconut', 'pepita', 'chia seed']) {
      expect(preferredUnits(name), name).toContain('tbsp');
    }
    for (const name of ['ground cumin', 'smoked paprika', 'oyster sauce', 'tomato paste', 'sesame oil']) {
      expect(preferredUnits(name)[0], name).toMatch(/^(?:tsp|tbsp)$/);
    }
    expect(preferredUnits('honey')[0]).toBe('tbsp');
    expect(preferredUnits('beef mince')).toEqual(['g', 'kg']);
  });

  it('returns a fresh array each time', () => {
    const a = preferredUnits('oil');
    a.push('x');
    expect(preferredUnits('oil')).toEqual(['tbsp', 'cup', 'mL']);
  });
});
