import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBasket } from '../basket/basket.ts';
import { listNeeds } from '../basket/list-needs.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { priceRecipe } from '../pricing/price-recipe.ts';
import { priceRecord } from '../testing/lines.ts';
import { basketCostTrend, costTrend, type TrendProduct } from './cost-trend.ts';

const ingredient = (id: number, name: string) => ({ id, name, protein: 0, carbs: 0, fats: 0, calories: 0 });
const flour = ingredient(1, 'plain flour');
const milk = ingredient(2, 'milk');
const lines: RecipeLine[] = [
  { quantity: '500', measurements: { name: 'g' }, ingredients: flour },
  { quantity: '250', measurements: { name: 'mL' }, ingredients: milk },
];
const END = '2026-11-01';
/** A kilo of flour at Coles: $3, then $2 from 20 October. */
const colesFlour: TrendProduct = {
  ingredientId: 1,
  chain: 'coles',
  pack: { pack_size: 1000, pack_unit: 'g' },
  spans: [
    { from: '2026-07-01', priceCents: 300 },
    { from: '2026-10-20', priceCents: 200, promo: true },
  ],
};

describe('costTrend: the lines priced week by week', () => {
  it('prices each week with the price of that day, by the rule of priceRecipe', () => {
    const products: TrendProduct[] = [
      colesFlour,
      {
        ingredientId: 2,
        chain: 'coles',
        pack: { pack_size: 2000, pack_unit: 'mL' },
        spans: [{ from: '2026-07-01', priceCents: 400 }],
      },
    ];
    const { weeks: trend, priced } = costTrend(lines, products, END);
    expect(priced).toEqual({ coles: 2, woolworths: 0, aldi: 0 });
    expect(trend).toHaveLength(12);
    expect(trend[0]?.date).toBe('2026-08-16');
    expect(trend[11]?.date).toBe(END);
    const at = (flourDollars: number) =>
      priceRecipe(
        lines.map((l) => ({
          ...l,
          prices: priceRecord({
            coles_measure: l.ingredients?.id === 1 ? '1kg' : '2L',
            coles_unit_price_current: l.ingredients?.id === 1 ? flourDollars : 4,
          }),
        })),
      ).chains.coles.total;
    expect(trend[0]?.totals.coles).toBe(at(3));
    expect(trend[11]?.totals.coles).toBe(at(2));
    // Woolworths and Aldi price nothing: no line to compare.
    expect(trend[11]?.totals).toMatchObject({ woolworths: null, aldi: null });
  });

  it('counts only products known every week, so each week prices the same lines (a gap of over 10 days is unknown)', () => {
    const products: TrendProduct[] = [
      {
        ingredientId: 1,
        chain: 'aldi',
        pack: { pack_size: 1000, pack_unit: 'g' },
        spans: [{ from: '2026-08-01', priceCents: 250 }],
      },
      {
        ingredientId: 2,
        chain: 'aldi',
        pack: { pack_size: 1000, pack_unit: 'mL' },
        spans: [{ from: '2026-10-01', lastSeen: END, priceCents: 150 }],
      },
    ];
    const { weeks, priced } = costTrend(lines, products, END);
    // Milk is known only from 1 October: every week prices the flour alone.
    expect(priced.aldi).toBe(1);
    expect(weeks.map((w) => w.totals.aldi)).toEqual(new Array(12).fill(1.25));
    // Known from the first week on, it counts.
    const longer = costTrend(lines, products, END, 4);
    expect(longer.priced.aldi).toBe(2);
  });

  it('never throws and gives nothing for an end that is not a date', () => {
    expect(costTrend(lines, [], 'soon').weeks).toEqual([]);
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.string(), fc.anything(), (l, p, d, w) => {
        expect(() => costTrend(l as RecipeLine[], p as TrendProduct[], d, w as number)).not.toThrow();
      }),
    );
  });
});

describe('basketCostTrend: a shopping list priced week by week as the basket prices it', () => {
  const needs = listNeeds([
    { ingredient_id: 1, name: 'plain flour', amount: 1500, unit: 'g' },
    { ingredient_id: 3, name: 'carrot', amount: null, unit: null },
    { ingredient_id: 4, name: 'saffron', amount: 1, unit: 'g' },
  ]);
  const products: TrendProduct[] = [
    colesFlour,
    {
      ingredientId: 3,
      chain: 'coles',
      pack: { pack_size: 1000, pack_unit: 'g' },
      loose: true,
      spans: [{ from: '2026-07-01', priceCents: 220 }],
    },
  ];

  it('buys whole packs, and a loose line with no amount the kilo its price is for', () => {
    const { weeks, priced, lines } = basketCostTrend(needs, products, END);
    expect(lines).toBe(3);
    expect(priced).toEqual({ coles: 2, woolworths: 0, aldi: 0 });
    expect(weeks).toHaveLength(12);
    // Two 1 kg bags of flour for 1.5 kg, and a kilo of carrots.
    expect(weeks[0]?.totals.coles).toBe(8.2);
    expect(weeks[11]?.totals.coles).toBe(6.2);
    expect(weeks[11]?.totals).toMatchObject({ woolworths: null, aldi: null });
  });

  it("ends on what today's basket costs", () => {
    const today = new Map([
      [1, priceRecord({ coles_measure: '1kg', coles_unit_price_current: 2 })],
      [3, priceRecord({ coles_measure: '1kg', coles_unit_price_current: 2.2, coles_loose: true })],
    ]);
    const latest = basketCostTrend(needs, products, END).weeks.at(-1)?.totals.coles;
    expect(latest).toBe(priceBasket(needs, today).chains.coles.totalCents / 100);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.string(), fc.anything(), (l, p, d, w) => {
        expect(() => basketCostTrend(l as [], p as TrendProduct[], d, w as number)).not.toThrow();
      }),
    );
  });
});
