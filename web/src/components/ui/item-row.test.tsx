import { describe, expect, it } from 'vitest';
import { itemAmount } from './item-row.tsx';

describe('itemAmount', () => {
  it('formats shopping and pantry amounts as recipes show them (QA 7)', () => {
    expect(itemAmount({ name: 'x', quantity: 4, unit: 'piece' })).toBe('4');
    expect(itemAmount({ name: 'x', quantity: 3, unit: 'cup' })).toBe('3 cups');
    expect(itemAmount({ name: 'x', quantity: 1.25, unit: 'cup' })).toBe('1 1/4 cups');
    expect(itemAmount({ name: 'x', quantity: 0.5, unit: 'cup' })).toBe('1/2 cup');
    expect(itemAmount({ name: 'x', quantity: 130.25, unit: 'g' })).toBe('130 g');
  });

  it('shows a count without a unit, and nothing without a quantity', () => {
    expect(itemAmount({ name: 'x', quantity: 2, unit: null })).toBe('2');
    expect(itemAmount({ name: 'x', quantity: null, unit: 'g' })).toBe('');
  });

  it('names a counted item as the converter does: slices of bread, heads of lettuce', () => {
    // "sourdough bread · 12" on the list read as a dozen loaves.
    expect(itemAmount({ name: 'sourdough bread', quantity: 12, unit: 'each' })).toBe('12 slices');
    expect(itemAmount({ name: 'iceberg lettuce', quantity: 1, unit: null })).toBe('1 head');
    expect(itemAmount({ name: 'bacon', quantity: 6, unit: 'piece' })).toBe('6 slices');
    expect(itemAmount({ name: 'avocado', quantity: 4, unit: 'each' })).toBe('4');
    expect(itemAmount({ name: 'sourdough bread', quantity: 600, unit: 'g' })).toBe('600 g');
  });
});
