import { screen } from '@testing-library/react';
import { ref } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import { testProduct } from '../../../testing/prices.ts';
import { renderAt } from '../../../testing/render.tsx';
import { productPrices } from '../derive.ts';
import { prices } from '../store.ts';
import { SpecialsList } from './specials-list.tsx';

const product = (id: number, name: string) => testProduct(id, name);
const rows = (id: number, now: number) => [
  {
    product_id: id,
    as_of: '2026-11-20',
    date: '2026-01-01',
    last_seen: '2026-10-31',
    price_cents: 300,
    was_cents: null,
    promo: null,
  },
  {
    product_id: id,
    as_of: '2026-11-20',
    date: '2026-11-01',
    last_seen: '2026-11-20',
    price_cents: now,
    was_cents: 390,
    promo: 'price-drop',
  },
];

afterEach(() => {
  prices.byIngredient = {};
});

describe('SpecialsList', () => {
  it('lists the items on special with their verdict, linking each to its prices', () => {
    const judged = productPrices(
      [
        { ingredient_id: 1, preferred: true, match: 'manual', product: product(10, 'Oats 750g') },
        { ingredient_id: 2, preferred: true, match: 'manual', product: product(20, 'Flour 1kg') },
      ],
      [...rows(10, 350), ...rows(20, 200)],
      '2026-11-22',
    );
    prices.byIngredient[1] = { status: 'ready', products: ref(judged.filter((p) => p.ingredientId === 1)) };
    prices.byIngredient[2] = { status: 'ready', products: ref(judged.filter((p) => p.ingredientId === 2)) };
    renderAt(
      '/',
      <SpecialsList
        ingredients={[
          { id: 1, name: 'rolled oats' },
          { id: 2, name: 'plain flour' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('rolled oats at Woolworths: $3.50 Not really a special');
    expect(items[1]).toHaveTextContent('plain flour at Woolworths: $2.00 Inflated “was” price');
    expect(screen.getByRole('link', { name: 'rolled oats' })).toHaveAttribute('href', '/prices/1');
    expect(items[0]).toHaveTextContent('price of 20 November 2026');
  });

  it('says so when nothing is on special', () => {
    prices.byIngredient[3] = { status: 'ready', products: ref([]) };
    renderAt('/', <SpecialsList ingredients={[{ id: 3, name: 'salt' }]} />);
    expect(screen.getByText('Nothing here is on special in the latest prices.')).toBeInTheDocument();
  });
});
