import { describe, expect, it } from 'vitest';
import { packsBought } from './packs-bought.ts';

const bought = (packs: number, amount: number, loose = false) => ({
  packs,
  pack: { amount, priceCents: 100, label: '', loose },
});

describe('packsBought', () => {
  it('puts counted produce bought by weight away as whole pieces', () => {
    expect(packsBought(bought(1, 2.655, true), 'each')).toBe(3);
    expect(packsBought(bought(1, 2, true), 'each')).toBe(2);
  });
  it('puts packs away as their amount', () => {
    expect(packsBought(bought(1, 12), 'each')).toBe(12);
    expect(packsBought(bought(2, 1000), 'g')).toBe(2000);
    expect(packsBought(bought(1, 300.0004, true), 'g')).toBe(300);
  });
  it('puts a pack of counted things sold by weight away as its nearest whole number', () => {
    // A 650 g loaf (23.2 slices of 28 g) went in as 24, one more than the basket left over.
    expect(packsBought(bought(1, 650 / 28), 'each')).toBe(23);
    expect(packsBought(bought(1, 1000 / 180), 'each')).toBe(6);
    expect(packsBought(bought(1, 0.3), 'each')).toBe(1);
  });
});
