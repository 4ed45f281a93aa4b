import { expect, it } from 'vitest';
import { priceRecord } from '../testing/lines.ts';
import { cheapestShelf } from './basket.ts';

it('finds the cheapest chain by unit price, across packs of different sizes', () => {
  // $3.50 for 250 g is $1.40 per 100 g; $12 for 1 kg is $1.20; $6.49 for 500 g is $1.30.
  const cheese = priceRecord({
    aldi_unit_price_current: 6.49,
    aldi_measure: '500g',
    coles_unit_price_current: 3.5,
    coles_measure: '250g',
    woolworths_unit_price_current: 12,
    woolworths_measure: '1kg',
  });
  expect(cheapestShelf(cheese, 'cheddar', 'g')).toEqual({
    chain: 'woolworths',
    pack: { amount: 1000, priceCents: 1200, label: '1kg', loose: false },
    unitPrice: { cents: 120, per: '100 g' },
  });
});

it('gives a tie to the earlier chain, and nothing when no chain prices it', () => {
  const eggs = priceRecord({
    coles_measure: '12 pack',
    coles_unit_price_current: 6,
    woolworths_measure: '6 pack',
    woolworths_unit_price_current: 3,
  });
  expect(cheapestShelf(eggs, 'egg', 'each')).toMatchObject({
    chain: 'coles',
    unitPrice: { cents: 50, per: 'each' },
  });
  expect(cheapestShelf(priceRecord({}), 'egg', 'each')).toBeNull();
  expect(cheapestShelf(null, 'egg', 'each')).toBeNull();
});

it("shows the winner's unit price as its shelf ticket does, whatever the list counts it in", () => {
  // The list counts bacon by the rasher (28 g each), but it is sold in packs by weight: $4.00 for
  // 250 g is $1.60 per 100 g on the ticket, not "$0.45 each".
  const bacon = priceRecord({
    aldi_unit_price_current: 4,
    aldi_measure: '250g',
    coles_unit_price_current: 9,
    coles_measure: '500g',
  });
  expect(cheapestShelf(bacon, 'bacon', 'each')).toMatchObject({
    chain: 'aldi',
    unitPrice: { cents: 160, per: '100 g' },
  });
  // Compared on one basis (the list's), shown on the winner's: loose bananas at $3.50 a kg beat a
  // bag of six for $3.60 (about 60c each against 42c), and read per kg.
  const bananas = priceRecord({
    coles_unit_price_current: 3.5,
    coles_measure: '1kg',
    coles_loose: true,
    woolworths_unit_price_current: 3.6,
    woolworths_measure: '6 each',
  });
  expect(cheapestShelf(bananas, 'banana', 'each')).toMatchObject({
    chain: 'coles',
    unitPrice: { cents: 350, per: 'kg' },
  });
});
