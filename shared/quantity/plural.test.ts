import { describe, expect, it } from 'vitest';
import { pluralizeUnit } from './plural.ts';

describe('pluralizeUnit (spec 9: plural when the quantity is 1 or more and not about 1)', () => {
  it('pluralises at 1 or more when not about 1', () => {
    expect(pluralizeUnit('cup', 2)).toBe('cups');
    expect(pluralizeUnit('clove', 3)).toBe('cloves');
    expect(pluralizeUnit('bunch', 2)).toBe('bunches');
    expect(pluralizeUnit('pinch', 2)).toBe('pinches');
    expect(pluralizeUnit('leaf', 4)).toBe('leaves');
    expect(pluralizeUnit('berry', 2)).toBe('berries');
    expect(pluralizeUnit('cup', 1.5)).toBe('cups');
    expect(pluralizeUnit('small can', 2)).toBe('small cans');
    expect(pluralizeUnit('Cup', 2)).toBe('Cups');
  });

  it('stays singular below 1 and about 1', () => {
    expect(pluralizeUnit('cup', 0.5)).toBe('cup');
    expect(pluralizeUnit('cup', 1)).toBe('cup');
    expect(pluralizeUnit('cup', 1.04)).toBe('cup');
    expect(pluralizeUnit('cup', 0.97)).toBe('cup');
    expect(pluralizeUnit('cup', 1.1)).toBe('cups');
  });

  it('keeps abbreviations and already-plural words', () => {
    for (const unit of ['g', 'kg', 'mL', 'L', 'tsp', 'tbsp']) expect(pluralizeUnit(unit, 5)).toBe(unit);
    expect(pluralizeUnit('cups', 2)).toBe('cups');
  });

  it('handles missing input', () => {
    expect(pluralizeUnit('', 2)).toBe('');
    expect(pluralizeUnit(null as unknown as string, 2)).toBe('');
    expect(pluralizeUnit('cup', Number.NaN)).toBe('cup');
  });
});
