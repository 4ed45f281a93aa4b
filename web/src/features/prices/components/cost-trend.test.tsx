import { screen } from '@testing-library/react';
import { ref } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import { listNeeds } from '../../../../../shared/basket/list-needs.ts';
import type { RecipeLine } from '../../../../../shared/nutrition/types.ts';
import { testProduct } from '../../../testing/prices.ts';
import { renderAt } from '../../../testing/render.tsx';
import { productPrices } from '../derive.ts';
import { prices } from '../store.ts';
import type { TrendSource } from '../trend-source.ts';
import { CostTrend } from './cost-trend.tsx';

const product = (source: string) => testProduct(10, 'Rolled oats 750g', { chain: 'coles', source });
const history = [
  {
    product_id: 10,
    as_of: '2026-11-20',
    date: '2026-01-01',
    last_seen: '2026-11-20',
    price_cents: 300,
    was_cents: null,
    promo: null,
  },
];
const lines = [
  { quantity: 750, measurements: { name: 'g' }, ingredients: { id: 1, name: 'rolled oats' } },
] as unknown as RecipeLine[];

function trendFrom(source: string, trend: TrendSource = { kind: 'recipe', lines }) {
  const judged = productPrices(
    [{ ingredient_id: 1, preferred: true, match: 'manual', product: product(source) }],
    history,
    '2026-11-22',
  );
  prices.byIngredient[1] = { status: 'ready', products: ref(judged) };
  renderAt('/', <CostTrend source={trend} />);
}

afterEach(() => {
  prices.byIngredient = {};
});

describe('CostTrend (issue 18: 6)', () => {
  it('says "sample prices" over a trend worked out from the sample history', () => {
    trendFrom('sample');
    expect(screen.getByRole('table', { name: /Cost each week/ })).toBeInTheDocument();
    expect(screen.getByText('sample prices')).toBeInTheDocument();
  });

  it('has no label over an imported feed', () => {
    trendFrom('hotprices-au');
    expect(screen.getByRole('table', { name: /Cost each week/ })).toBeInTheDocument();
    expect(screen.queryByText('sample prices')).toBeNull();
  });

  it("prices a basket's lines as the basket does: whole packs", () => {
    const needs = listNeeds([{ ingredient_id: 1, name: 'rolled oats', amount: 1000, unit: 'g' }]);
    trendFrom('sample', { kind: 'basket', lines: needs });
    const rows = screen.getByRole('table', { name: /Cost each week/ }).querySelectorAll('tbody tr');
    expect(rows).toHaveLength(12);
    // Two 750 g bags for a kilo, not 1000/750 of one.
    expect(rows[11]?.querySelector('td')?.textContent).toBe('$6.00');
  });
});
