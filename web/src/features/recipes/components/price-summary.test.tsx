import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecipePrice } from '../api.ts';
import { PriceBreakdown } from './price-breakdown.tsx';
import { CHEAPEST_RULE, CostForPortions, PriceSummary } from './price-summary.tsx';

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
  portions: 3,
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
  it('costs the chosen portions from the total, not the rounded per-portion price', () => {
    render(<CostForPortions price={price} portions={3} />);
    expect(screen.getByText(/For 3 portions/).textContent).toContain('Coles $10.00');
  });

  it('scales the total for other portions', () => {
    render(<CostForPortions price={price} portions={6} />);
    expect(screen.getByText(/For 6 portions/).textContent).toContain('Coles $20.00');
  });

  it('gives for 1 portion exactly the per-portion price, whatever the lines’ cents (issue 15: 2)', () => {
    // Two lines of $5.00 once rounded, whose unrounded sum rounds to $10.01: the breakdown's
    // cents no longer decide the figure beside the per-portion price.
    const one = {
      ...price,
      portions: 1,
      chains: { coles: { ...chain(10.01, 1), per_portion: 10.01 } },
    } as RecipePrice;
    render(<CostForPortions price={one} portions={1} />);
    expect(screen.getByText(/For 1 portion/).textContent).toContain('Coles $10.01');
  });
});

describe('PriceSummary (issue 15: 5)', () => {
  // Coles prices both lines ($10); Aldi prices only the butter ($3), so it looks cheaper.
  const partial = {
    ...price,
    chains: {
      coles: chain(10, 2),
      aldi: { ...chain(3, 2), priced: 1, coverage: 50, available: false },
    },
  } as RecipePrice;

  it('says what Cheapest compares, and that a cheaper-looking chain prices only some lines', () => {
    render(<PriceSummary price={partial} sample={false} compact />);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Cheapest')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Coles');
    expect(rows[1]).toHaveTextContent('Aldi$1.50only 1 of 2 ingredients');
    expect(screen.getByText(CHEAPEST_RULE)).toBeInTheDocument();
    expect(CHEAPEST_RULE).toBe('Cheapest of the chains that price every ingredient.');
  });

  it('says so when no chain prices every ingredient', () => {
    render(
      <PriceSummary
        price={{ ...partial, chains: { aldi: partial.chains.aldi }, cheapest: null }}
        sample={false}
      />,
    );
    expect(screen.queryByText('Cheapest')).toBeNull();
    expect(screen.getByText(/No chain prices every ingredient/)).toBeInTheDocument();
  });

  it('says "sample prices" when the prices are sample data, and only then (issue 18: 6)', () => {
    const { unmount } = render(<PriceSummary price={partial} sample />);
    expect(screen.getByText('sample prices')).toBeInTheDocument();
    unmount();
    render(<PriceSummary price={partial} sample={false} />);
    expect(screen.queryByText('sample prices')).toBeNull();
  });
});

describe('PriceBreakdown (issue 18: 6)', () => {
  const lines = [{ key: '1', name: 'butter', costs: { coles: 4, woolworths: null, aldi: null } }];

  it('labels a breakdown of sample prices', () => {
    render(<PriceBreakdown lines={lines} cheapest="coles" sample />);
    const table = screen.getByRole('table', { name: /Cost of each ingredient/ });
    expect(within(table).getByText('sample prices')).toBeInTheDocument();
  });

  it('has no label over observed prices', () => {
    render(<PriceBreakdown lines={lines} cheapest="coles" sample={false} />);
    expect(screen.queryByText('sample prices')).toBeNull();
  });
});
