import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAldiSearch, readAldiSellingSize, readDisplayedCents } from './aldi.ts';
import { dollarsToCents } from './cents.ts';
import { readHotprices } from './hotprices.ts';

const TODAY = '2026-11-25';
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../scripts/prices/fixtures/${name}`, import.meta.url), 'utf8'));

describe('readHotprices: the hotprices-au canonical JSON', () => {
  const read = readHotprices('canonical.json', fixture('hotprices-canonical.json'), { today: TODAY });

  it('makes a product per item: chain, SKU, pack in g / mL / each, loose when weighed', () => {
    expect(read.errors).toEqual([]);
    expect(
      read.products.map(({ row: p }) => [
        p.chain,
        p.sku,
        p.name,
        p.pack_size,
        p.pack_unit,
        p.sold_loose,
        p.first_seen,
        p.last_seen,
      ]),
    ).toEqual([
      ['coles', '100001', 'Testbrand Plain Flour 1kg', 1000, 'g', false, '2026-08-05', '2026-11-18'],
      ['woolworths', '200002', 'Test Bananas', 1000, 'g', true, '2026-09-02', '2026-11-18'],
      ['woolworths', '200003', 'Test Full Cream Milk 2L', 2000, 'mL', false, '2026-09-02', '2026-11-18'],
      ['coles', '100004', 'Test Eggs 12 Pack', 12, 'each', false, '2026-09-09', '2026-11-18'],
    ]);
    expect(read.products.every((p) => p.row.source === 'hotprices-au')).toBe(true);
  });

  it('turns the newest-first history into spans, each until the next change, the newest until the file date', () => {
    const flour = read.prices.filter((p) => p.row.sku === '100001').map((p) => p.row);
    expect(flour.map((r) => [r.date, r.last_seen, r.price_cents])).toEqual([
      ['2026-08-05', '2026-10-06', 435],
      ['2026-10-07', '2026-11-17', 115],
      ['2026-11-18', '2026-11-18', 220],
    ]);
    // An unavailable item's newest span is out of stock.
    const eggs = read.prices.filter((p) => p.row.sku === '100004').map((p) => p.row);
    expect(eggs.map((r) => [r.price_cents, r.in_stock])).toEqual([
      [630, true],
      [690, false],
    ]);
    // A float a feed computed (0.1 + 0.2) is still 30 cents.
    const sum = readHotprices(
      'f.json',
      JSON.parse(
        '[{"store":"coles","id":1,"name":"x","unit":"g","quantity":1,"priceHistory":[{"date":"2026-11-01","price":0.30000000000000004}]}]',
      ),
      { today: TODAY },
    );
    expect(sum.prices[0]?.row.price_cents).toBe(30);
    expect(read.prices[0]?.where).toBe(
      "canonical.json item 0 (coles 100001 'Testbrand Plain Flour 1kg') priceHistory[2]",
    );
    const asOf = readHotprices('canonical.json', fixture('hotprices-canonical.json'), {
      today: TODAY,
      asOf: '2026-11-24',
    });
    expect(asOf.prices.find((p) => p.row.sku === '200003')?.row.last_seen).toBe('2026-11-24');
  });

  it('refuses unknown units and prices that are not whole cents, naming the item', () => {
    const bad = readHotprices('bad.json', fixture('hotprices-bad.json'), { today: TODAY });
    expect(bad.errors.map((e) => e.text)).toEqual([
      "bad.json item 0 (coles 100005 'Test Cable Ties'): unit 'cm' must be g, ml or ea",
      "bad.json item 1 (woolies 200006 'Test Rice 1kg'): priceHistory[0].price 4.355 must be dollars with whole cents, at least 0",
    ]);
    expect(bad.products).toEqual([]);
    expect(
      readHotprices('x.json', [{ store: 'iga', id: 1, unit: 'g', quantity: 1, priceHistory: [] }]).errors[0]
        ?.text,
    ).toBe("x.json item 0 (iga 1): store 'iga' must be coles or woolies");
    expect(readHotprices('x.json', { items: [] }).errors[0]?.text).toBe(
      'x.json: is not a hotprices-au canonical file (a JSON list of items)',
    );
  });

  it('reads every dollar float a feed can hold as exactly its cents (fast-check)', () => {
    // A feed writes cents / 100 as a float: JSON text that JavaScript reads back as that float.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const dollars = JSON.parse(JSON.stringify(cents / 100)) as number;
        const item = {
          store: 'coles',
          id: 1,
          name: 'x',
          unit: 'g',
          quantity: 1,
          priceHistory: [{ date: '2026-11-01', price: dollars }],
        };
        const read = readHotprices('f.json', [item], { today: TODAY });
        return dollarsToCents(dollars) === cents && read.prices[0]?.row.price_cents === cents;
      }),
    );
  });
});

describe('readAldiSearch: an Aldi product search saved on a day', () => {
  it('reads products, cents, was-prices, loose and multi-packs, not-for-sale', () => {
    const read = readAldiSearch('aldi-2026-11-20.json', fixture('aldi-2026-11-20.json'), {
      today: TODAY,
      date: '2026-11-20',
    });
    expect(read.errors).toEqual([]);
    expect(
      read.products.map(({ row: p }) => [
        p.sku,
        p.brand,
        p.pack_size,
        p.pack_unit,
        p.sold_loose,
        p.pack_text,
      ]),
    ).toEqual([
      ['000000000000900001', 'TESTBRAND', 1000, 'g', false, '1 kg'],
      ['000000000000900002', null, 1000, 'g', true, 'per kg'],
      ['000000000000900003', 'TESTBRAND', 2250, 'mL', false, '6 x 375ml'],
    ]);
    expect(
      read.prices.map(({ row: r }) => [
        r.chain,
        r.date,
        r.price_cents,
        r.was_cents,
        r.promo,
        r.in_stock,
        r.source,
      ]),
    ).toEqual([
      ['aldi', '2026-11-20', 249, null, null, true, 'aldi-search'],
      ['aldi', '2026-11-20', 349, 399, 'price-drop', true, 'aldi-search'],
      ['aldi', '2026-11-20', 450, null, null, false, 'aldi-search'],
    ]);
  });

  it('needs the day, and names products it cannot read', () => {
    expect(readAldiSearch('a.json', { data: [] }, { today: TODAY }).errors[0]?.text).toBe(
      'a.json: holds no date: give the day it was saved (--date YYYY-MM-DD, or a date in its name)',
    );
    const bad = readAldiSearch(
      'a.json',
      {
        data: [
          { sku: '1', name: 'Flowers', sellingSize: '1 bunch', price: { amount: 599 } },
          { sku: '2', name: 'Oats', sellingSize: '1kg', price: { amount: 2.49 } },
          {
            sku: '3',
            name: 'Tea',
            sellingSize: '100g',
            price: { amount: 300, wasPriceDisplay: 'Was three' },
          },
          { sku: '4', name: 'Jam', sellingSize: '500g', price: { amount: 300, wasPriceDisplay: '$2.99' } },
        ],
      },
      { today: TODAY, date: '2026-11-20' },
    );
    expect(bad.errors.map((e) => e.text)).toEqual([
      "a.json product 0 (1 'Flowers'): sellingSize '1 bunch' is not a weight, volume or count (e.g. 500g, 2L, 6 pack)",
      "a.json product 1 (2 'Oats'): price.amount 2.49 must be a whole number of cents, at least 0",
      "a.json product 2 (3 'Tea'): price.wasPriceDisplay 'Was three' is not a price such as '$5.99'",
      "a.json product 3 (4 'Jam'): was_cents 299 must be above price_cents 300",
    ]);
  });

  it('reads selling sizes and displayed prices', () => {
    expect(readAldiSellingSize('500g')).toEqual({ size: 500, unit: 'g', loose: false });
    expect(readAldiSellingSize('1.5 L')).toEqual({ size: 1500, unit: 'mL', loose: false });
    expect(readAldiSellingSize('4 x 1.25L')).toEqual({ size: 5000, unit: 'mL', loose: false });
    expect(readAldiSellingSize('12 Pack')).toEqual({ size: 12, unit: 'each', loose: false });
    expect(readAldiSellingSize('each')).toEqual({ size: 1, unit: 'each', loose: false });
    expect(readAldiSellingSize('per kg')).toEqual({ size: 1000, unit: 'g', loose: true });
    expect(readAldiSellingSize('1 bunch')).toBeNull();
    expect([readDisplayedCents('$5.99'), readDisplayedCents('Was $12'), readDisplayedCents('$0.05')]).toEqual(
      [599, 1200, 5],
    );
    expect([readDisplayedCents('5.99'), readDisplayedCents('$5.9'), readDisplayedCents('')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
