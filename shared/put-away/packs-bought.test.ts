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
});
