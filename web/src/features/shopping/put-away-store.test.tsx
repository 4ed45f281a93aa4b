import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceBasket } from '../../../../shared/basket/basket.ts';
import { listNeeds } from '../../../../shared/basket/list-needs.ts';
import { priceRecord } from '../../../../shared/testing/lines.ts';
import type { ShoppingItem } from './api.ts';
import { PutAwayPanel } from './components/put-away-panel.tsx';
import { closePutAway, putAway, startPutAway, typeAmount } from './put-away-store.ts';

const rice: ShoppingItem = {
  id: 'rice',
  user_id: 'u',
  name: 'jasmine rice',
  ingredient_id: 7,
  quantity: 500,
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
  unit: 'g',
  checked: true,
};

/** price-basket's answer for the rice: Coles sells it in 1 kg packs. */
function pricedRice() {
  const lines = listNeeds([{ ingredient_id: 7, name: 'jasmine rice', amount: 500, unit: 'g' }]);
  const prices = new Map([[7, priceRecord({ coles_measure: '1kg', coles_unit_price_current: 4 })]]);
  return { lines, basket: priceBasket(lines, prices) };
}

/** Holds price-basket's answer until the test gives it; anything else answers at once. */
function holdPricing() {
  let answer: (() => void) | undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).includes('/functions/v1/price-basket'))
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
    else return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(pricedRice()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    async sent() {
      for (let i = 0; i < 200 && !answer; i++) await new Promise((r) => setTimeout(r, 5));
      expect(answer, 'price-basket was asked').toBeDefined();
    },
    answer: () => answer?.(),
  };
}

describe('putting the shopping away', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    closePutAway();
  });

  it('offers the chain’s whole packs once they are priced', async () => {
    const pricing = holdPricing();
    const started = startPutAway([rice], 'coles');
    await pricing.sent();
    expect(putAway.amounts?.rice).toMatchObject({ quantity: 500, unit: 'g', packs: null });
    pricing.answer();
    await started;
    expect(putAway.amounts?.rice).toMatchObject({ quantity: 1000, unit: 'g', packs: '1 × 1kg at Coles' });
  });

  it('keeps an amount typed while the packs were being priced', async () => {
    const pricing = holdPricing();
    const started = startPutAway([rice], 'coles');
    await pricing.sent();
    typeAmount('rice', '450');
    pricing.answer();
    await started;
    expect(putAway.amounts?.rice).toMatchObject({ quantity: 450, unit: 'g', packs: null });
  });

  it('never changes an amount under the cursor: one in hand keeps its value when the packs are priced', async () => {
    // Typing the amount it already shows changes nothing, so no change event says it was typed.
    const pricing = holdPricing();
    const started = startPutAway([rice], 'coles');
    await pricing.sent();
    render(<PutAwayPanel householdId="h" ticked={[rice]} />);
    const field = screen.getByRole('spinbutton', { name: /^jasmine rice/ });
    fireEvent.focus(field);
    pricing.answer();
    await started;
    expect(putAway.amounts?.rice).toMatchObject({ quantity: 500, unit: 'g', packs: null });
    expect((screen.getByRole('spinbutton', { name: /^jasmine rice/ }) as HTMLInputElement).value).toBe('500');
  });
});
