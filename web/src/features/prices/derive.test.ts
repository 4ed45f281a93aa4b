import { describe, expect, it } from 'vitest';
import type { ChainProduct, ProductHistoryRow, ProductLink } from './api.ts';
import { productPrices, specialsOf, trendProducts, weeklyRows } from './derive.ts';
import { unitPriceText, verdictSentence } from './words.ts';

const product = (
  id: number,
  chain: ChainProduct['chain'],
  over: Partial<ChainProduct> = {},
): ChainProduct => ({
  id,
  chain,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  brand: null,
  pack_size: 500,
  pack_unit: 'g',
  pack_text: null,
  sold_loose: false,
  grams_each: null,
  first_seen: '2026-01-01',
  last_seen: '2026-11-01',
  source: 'sample',
  ...over,
});
const link = (p: ChainProduct, preferred = true, ingredient = 7): ProductLink => ({
  ingredient_id: ingredient,
  preferred,
  match: 'manual',
  product: p,
});
/** A year at 400 cents, then a promoted 300 from 25 October, as price_histories returns it. */
const history = (id: number, asOf = '2026-11-01'): ProductHistoryRow[] => [
  {
    product_id: id,
    as_of: asOf,
    date: '2025-11-01',
    last_seen: '2026-10-24',
    price_cents: 400,
    was_cents: null,
    promo: null,
  },
  {
    product_id: id,
    as_of: asOf,
    date: '2026-10-25',
    last_seen: asOf,
    price_cents: 300,
    was_cents: 400,
    promo: 'special',
  },
];

describe('productPrices', () => {
  it('judges each product on the day it was last seen, and says it is stale a week after', () => {
    const [p] = productPrices([link(product(1, 'coles'))], history(1), '2026-11-22');
    expect(p).toMatchObject({ asOf: '2026-11-01', stale: true, unseenDays: 21, sample: true });
    expect(p?.judgement).toMatchObject({ verdict: 'real-special', priceCents: 300, typicalCents: 400 });
    expect(p?.unitPrice).toEqual({ cents: 60, per: '100 g' });
    expect(productPrices([link(product(1, 'coles'))], history(1), '2026-11-08')[0]?.stale).toBe(false);
  });

  it('says which products an import matched by name', () => {
    const [byHand] = productPrices([link(product(1, 'coles'))], history(1), '2026-11-22');
    const [byName] = productPrices(
      [{ ...link(product(1, 'coles')), match: 'name' }],
      history(1),
      '2026-11-22',
    );
    expect([byHand?.byName, byName?.byName]).toEqual([false, true]);
  });

  it('prices loose produce per kg and counted packs each, as shelf tickets do', () => {
    const loose = productPrices(
      [link(product(2, 'woolworths', { sold_loose: true, pack_size: 1000 }))],
      history(2),
      '2026-11-01',
    );
    expect(unitPriceText(loose[0]?.unitPrice ?? null)).toBe('$3.00 per kg');
    const eggs = productPrices(
      [link(product(3, 'aldi', { pack_unit: 'each', pack_size: 12 }))],
      history(3),
      '2026-11-01',
    );
    expect(unitPriceText(eggs[0]?.unitPrice ?? null)).toBe('$0.25 each');
  });

  it('lists chains in order, the preferred product first, and a product without history as not judged', () => {
    const rows = productPrices(
      [link(product(4, 'aldi')), link(product(5, 'coles'), false), link(product(6, 'coles'))],
      history(4),
      '2026-11-01',
    );
    expect(rows.map((r) => r.product.id)).toEqual([6, 5, 4]);
    expect(rows[0]?.judgement.verdict).toBe('not-enough-history');
    expect(rows[0]?.asOf).toBe('2026-11-01');
  });
});

describe('what the screens derive from the judged prices', () => {
  const [p] = productPrices([link(product(1, 'coles'), true, 9)], history(1), '2026-11-01');
  it('lists the preferred products on special only', () => {
    const [other] = productPrices([link(product(2, 'aldi'), false, 9)], history(2), '2026-11-01');
    expect(specialsOf([p!, other!]).map((s) => s.product.id)).toEqual([1]);
  });

  it('gives the 12 week-ending prices for the chart’s table, ending on the judging day', () => {
    const weeks = weeklyRows(p!);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ date: '2026-11-01', dollars: 3 });
    expect(weeks.at(-2)).toEqual({ date: '2026-10-25', dollars: 3 });
    expect(weeks.at(-3)).toEqual({ date: '2026-10-18', dollars: 4 });
  });

  it('hands the cost trends the preferred products with their packs, and whether sold loose', () => {
    expect(trendProducts([p!])).toEqual([
      expect.objectContaining({
        ingredientId: 9,
        chain: 'coles',
        pack: { pack_size: 500, pack_unit: 'g', grams_each: null },
        loose: false,
      }),
    ]);
  });

  it('says each verdict in a plain sentence with its figures', () => {
    expect(verdictSentence(p!.judgement)).toBe(
      '$3.00 is below its usual $4.00 and below its lowest of the 30 days before ($4.00).',
    );
    expect(
      verdictSentence({
        verdict: 'not-enough-history',
        priceCents: null,
        typicalCents: null,
        low30Cents: null,
        knownDays: 0,
      }),
    ).toBe('No recent price to judge.');
  });
});
