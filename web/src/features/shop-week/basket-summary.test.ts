import { describe, expect, it } from 'vitest';
import { priceBasket } from '../../../../shared/basket/basket.ts';
import type { NeedLine } from '../../../../shared/basket/needs.ts';
import type { IngredientPriceRecord } from '../../../../shared/pricing/types.ts';
import { priceRecord } from '../../../../shared/testing/lines.ts';
import { splitStops, summariseBasket } from './basket-summary.ts';

const need = (id: number, name: string, buy: number): NeedLine => ({
  key: `i:${id}`,
  ingredient_id: id,
  name,
  base: 'g',
  need: buy,
  have: 0,
  buy,
  meals: ['Mon dinner'],
});
const prices = (rows: [number, Partial<IngredientPriceRecord>][]) =>
  new Map(rows.map(([id, fields]) => [id, priceRecord(fields)]));
const at = (coles: number | null, woolworths: number | null, aldi: number | null) => ({
  coles_measure: coles === null ? null : '1kg',
  coles_unit_price_current: coles,
  woolworths_measure: woolworths === null ? null : '1kg',
  woolworths_unit_price_current: woolworths,
  aldi_measure: aldi === null ? null : '1kg',
  aldi_unit_price_current: aldi,
});

describe('summariseBasket', () => {
  it('an empty list has nothing to price', () => {
    expect(summariseBasket(priceBasket([], new Map()), 500).state).toBe('empty');
  });
  it('a list nobody prices says so and names the lines', () => {
    const s = summariseBasket(priceBasket([need(1, 'saffron', 1)], new Map()), 500);
    expect(s).toMatchObject({ state: 'unpriced', cheapest: null, split: null, unpriced: ['saffron'] });
  });
  it('names the chains that tie with the cheapest', () => {
    const s = summariseBasket(priceBasket([need(1, 'flour', 500)], prices([[1, at(3, 3, 4)]])), 500);
    expect(s.cheapest).toEqual({ chain: 'coles', totalCents: 300, tiedWith: ['woolworths'] });
  });
  it('offers the split only when it saves at least the smallest saving', () => {
    const basket = priceBasket(
      [need(1, 'flour', 500), need(2, 'rice', 500)],
      prices([
        [1, at(2, 9, 9)],
        [2, at(9, 9, 5)],
      ]),
    );
    expect(summariseBasket(basket, 400).split).toMatchObject({
      chains: ['coles', 'aldi'],
      savingCents: 400,
      worth: true,
    });
    expect(summariseBasket(basket, 401).split?.worth).toBe(false);
  });
  it('a split is the way to buy it all when no one chain sells everything', () => {
    const basket = priceBasket(
      [need(1, 'flour', 500), need(2, 'rice', 500)],
      prices([
        [1, at(2, null, null)],
        [2, at(null, null, 5)],
      ]),
    );
    expect(summariseBasket(basket, 500)).toMatchObject({
      cheapest: null,
      split: { chains: ['coles', 'aldi'], savingCents: null, worth: true },
    });
  });
});

describe('splitStops', () => {
  it('says what to buy at each shop of the split, by name, and what each comes to', () => {
    // The screen said "Split between Coles and Aldi, saves $4.00" and never which items where.
    const basket = priceBasket(
      [need(2, 'rice', 500), need(1, 'flour', 500), need(3, 'oats', 500)],
      prices([
        [1, at(2, 9, 9)],
        [2, at(9, 9, 5)],
        [3, at(3, 9, 4)],
      ]),
    );
    const names = new Map([
      ['i:1', { name: 'flour' }],
      ['i:2', { name: 'rice' }],
      ['i:3', { name: 'oats' }],
    ]);
    // Whole 1 kg packs: flour $2 and oats $3 at Coles, rice $5 at Aldi.
    const stops = splitStops(basket, names);
    expect(stops).toEqual([
      {
        chain: 'coles',
        totalCents: 500,
        items: [
          { key: 'i:1', name: 'flour', packs: '1 × 1kg', costCents: 200 },
          { key: 'i:3', name: 'oats', packs: '1 × 1kg', costCents: 300 },
        ],
      },
      {
        chain: 'aldi',
        totalCents: 500,
        items: [{ key: 'i:2', name: 'rice', packs: '1 × 1kg', costCents: 500 }],
      },
    ]);
    expect(stops[0]!.totalCents + stops[1]!.totalCents).toBe(basket.split?.totalCents);
    expect(splitStops(priceBasket([need(1, 'flour', 500)], prices([[1, at(2, 9, 9)]])), names)).toEqual([]);
  });
});
