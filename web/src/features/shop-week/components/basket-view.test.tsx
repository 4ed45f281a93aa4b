import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { priceBasket } from '../../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../../shared/basket/needs.ts';
import type { IngredientPriceRecord } from '../../../../../shared/pricing/types.ts';
import { priceRecord } from '../../../../../shared/testing/lines.ts';
import { renderAt } from '../../../testing/render.tsx';
import { BasketView } from './basket-view.tsx';

const flour: NeedLine = {
  key: 'i:1',
  ingredient_id: 1,
  name: 'plain flour',
  base: 'g',
  need: 500,
  have: 0,
  buy: 500,
  meals: [],
};
const line = (id: number, name: string): NeedLine => ({ ...flour, key: `i:${id}`, ingredient_id: id, name });

/** 1 kg packs at these prices per chain (null: not stocked). */
const kilo = (coles: number | null, aldi: number | null = null) =>
  priceRecord({
    coles_measure: coles === null ? null : '1kg',
    coles_unit_price_current: coles,
    aldi_measure: aldi === null ? null : '1kg',
    aldi_unit_price_current: aldi,
  });

function renderBasket(lines: NeedLine[], prices: Map<number, IngredientPriceRecord>, sample = false) {
  renderAt(
    '/shopping',
    <BasketView
      answer={{ lines, basket: priceBasket(lines, prices), sample }}
      loading={false}
      error={null}
      minSavingCents={500}
      onSaveMinSaving={async () => undefined}
      onRetry={() => undefined}
    />,
  );
}

describe('BasketView', () => {
  it('says "sample prices" when the basket is priced from sample data', () => {
    // It said so over every basket, even one priced wholly from an imported feed.
    renderBasket([flour], new Map([[1, kilo(2)]]), true);
    expect(screen.getByText('sample prices')).toBeTruthy();
    expect(screen.getByText('Coles $2.00')).toBeTruthy();
  });
  it('says nothing of samples over imported prices', () => {
    renderBasket([flour], new Map([[1, kilo(2)]]));
    expect(screen.getByText('Coles $2.00')).toBeTruthy();
    expect(screen.queryByText('sample prices')).toBeNull();
  });
});

describe('ChainTable under the basket', () => {
  it("lists a chain's packs by name, whatever order the list's rows came in", async () => {
    const prices = new Map([1, 2, 3].map((id) => [id, kilo(id)]));
    renderBasket([line(2, 'rolled oats'), flour, line(3, 'apple')], prices);
    const table = await screen.findByRole('table', { name: 'Packs to buy at Coles' });
    const names = [...table.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(names).toEqual([
      expect.stringMatching(/^apple/),
      expect.stringMatching(/^plain flour/),
      expect.stringMatching(/^rolled oats/),
    ]);
  });
});

describe('the split under the basket', () => {
  it('says what to buy at each of its two shops', async () => {
    renderBasket(
      [flour, line(2, 'rolled oats')],
      new Map([
        [1, kilo(2, 9)],
        [2, kilo(9, 3)],
      ]),
    );
    const coles = await screen.findByRole('region', { name: 'At Coles: $2.00' });
    expect(coles.textContent).toContain('plain flour');
    expect(coles.textContent).not.toContain('rolled oats');
    const aldi = screen.getByRole('region', { name: 'At Aldi: $3.00' });
    expect(aldi.textContent).toContain('rolled oats 1 × 1kg · $3.00');
  });
});
