import { describe, expect, it } from 'vitest';
import { readItemQuantity } from './item-quantity.ts';

describe('readItemQuantity', () => {
  it('reads fractions, mixed numbers and vulgar fractions as recipes do (QA 4)', () => {
    expect(readItemQuantity('1 1/2')).toBe(1.5);
    expect(readItemQuantity('1/2')).toBe(0.5);
    expect(readItemQuantity('½')).toBe(0.5);
    expect(readItemQuantity(' 2.5 ')).toBe(2.5);
    expect(readItemQuantity('0')).toBe(0);
  });

  it('is null when empty and undefined for text that is not a quantity', () => {
    expect(readItemQuantity('  ')).toBeNull();
    expect(readItemQuantity('a few')).toBeUndefined();
    expect(readItemQuantity('-1')).toBeUndefined();
    expect(readItemQuantity('.')).toBeUndefined();
  });
});
