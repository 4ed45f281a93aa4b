import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecipePrice } from '../api.ts';
import { CostForPortions } from './price-summary.tsx';

const chain = (total: number, portions: number) => ({
  total,
  per_portion: Math.round((total / portions) * 100) / 100,
  past_total: total,
  change_percent: 0,
  coverage: 100,
  priced: 2,
  available: true,
});
const none = { price: null, reason: 'no price record' } as const;

// Three portions costing $10.00 in all: $3.33 a portion, so 3 × the rounded figure would be $9.99.
const price: RecipePrice = {
  chains: { coles: chain(10, 3) },
  cheapest: 'coles',
  lines: [
    {
      ingredient_id: 1,
      name: 'butter',
      quantity: 100,
      unit: 'g',
      grams: 100,
      prices: { coles: { price: 4 }, woolworths: none, aldi: none },
    },
    {
      ingredient_id: 2,
      name: 'plain flour',
      quantity: 300,
      unit: 'g',
      grams: 300,
      prices: { coles: { price: 6 }, woolworths: none, aldi: none },
    },
  ],
} as unknown as RecipePrice;

describe('CostForPortions', () => {
  it('totals the line prices for the chosen portions, not the rounded per-portion price', () => {
    render(<CostForPortions price={price} portions={3} scale={1} />);
    expect(screen.getByText(/For 3 portions/).textContent).toContain('Coles $10.00');
  });

  it('scales the line prices for other portions', () => {
    render(<CostForPortions price={price} portions={6} scale={2} />);
    expect(screen.getByText(/For 6 portions/).textContent).toContain('Coles $20.00');
  });
});
