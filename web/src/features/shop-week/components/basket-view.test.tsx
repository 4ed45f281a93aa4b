import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { priceBasket } from '../../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../../shared/basket/needs.ts';
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
const basket = priceBasket(
  [flour],
  new Map([[1, priceRecord({ coles_measure: '1kg', coles_unit_price_current: 2 })]]),
);

function view(sample: boolean) {
  return (
    <BasketView
      answer={{ lines: [flour], basket, sample }}
      loading={false}
      error={null}
      minSavingCents={500}
      onSaveMinSaving={async () => undefined}
      onRetry={() => undefined}
    />
  );
}

describe('BasketView', () => {
  it('says "sample prices" when the basket is priced from sample data', () => {
    // It said so over every basket, even one priced wholly from an imported feed.
    renderAt('/shopping', view(true));
    expect(screen.getByText('sample prices')).toBeTruthy();
    expect(screen.getByText('Coles $2.00')).toBeTruthy();
  });
  it('says nothing of samples over imported prices', () => {
    renderAt('/shopping', view(false));
    expect(screen.getByText('Coles $2.00')).toBeTruthy();
    expect(screen.queryByText('sample prices')).toBeNull();
  });
});

describe('ChainTable under the basket', () => {
  it("lists a chain's packs by name, whatever order the list's rows came in", async () => {
    const oats: NeedLine = { ...flour, key: 'i:2', ingredient_id: 2, name: 'rolled oats' };
    const apples: NeedLine = { ...flour, key: 'i:3', ingredient_id: 3, name: 'apple' };
    const prices = new Map(
      [1, 2, 3].map((id) => [id, priceRecord({ coles_measure: '1kg', coles_unit_price_current: id })]),
    );
    const lines = [oats, flour, apples];
    renderAt(
      '/shopping',
      <BasketView
        answer={{ lines, basket: priceBasket(lines, prices), sample: false }}
        loading={false}
        error={null}
        minSavingCents={500}
        onSaveMinSaving={async () => undefined}
        onRetry={() => undefined}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Packs to buy at Coles' });
    const names = [...table.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(names).toEqual([
      expect.stringMatching(/^apple/),
      expect.stringMatching(/^plain flour/),
      expect.stringMatching(/^rolled oats/),
    ]);
  });
});
