import { describe, expect, it } from 'vitest';
import { itemAmount } from './item-row.tsx';

describe('itemAmount', () => {
  it('formats shopping and pantry amounts as recipes show them (QA 7)', () => {
    expect(itemAmount({ quantity: 4, unit: 'piece' })).toBe('4');
    expect(itemAmount({ quantity: 3, unit: 'cup' })).toBe('3 cups');
    expect(itemAmount({ quantity: 1.25, unit: 'cup' })).toBe('1 1/4 cups');
    expect(itemAmount({ quantity: 0.5, unit: 'cup' })).toBe('1/2 cup');
    expect(itemAmount({ quantity: 130.25, unit: 'g' })).toBe('130 g');
  });

  it('shows a count without a unit, and nothing without a quantity', () => {
    expect(itemAmount({ quantity: 2, unit: null })).toBe('2');
    expect(itemAmount({ quantity: null, unit: 'g' })).toBe('');
  });
});
