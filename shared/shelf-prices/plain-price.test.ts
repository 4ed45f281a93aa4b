import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { dayNumber } from '../dates/day-number.ts';
import { type FeedError, plainPrice, priceColumns, readFeedRecord } from './feed.ts';

const HEADER = [
  'chain',
  'sku',
  'store',
  'date',
  'last_seen',
  'price_cents',
  'was_cents',
  'promo',
  'multibuy_qty',
  'multibuy_cents',
  'in_stock',
  'source',
];
const TODAY = dayNumber('2026-11-25') as number;

/** Right values, wrong ones and the forms the full reader takes but the plain one leaves to it. */
const VALUES: Record<string, string[]> = {
  chain: ['coles', 'aldi', 'Coles', '', ' coles'],
  sku: ['C1', 'B0-12', '', '-x', 'a b'],
  store: ['', 'online', 'store-7', 'Online'],
  date: ['2026-11-01', '2026-11-25', '2026-11-26', '1999-12-31', '2026-02-30', '', '2026-1-01'],
  last_seen: ['', '2026-11-07', '2026-10-01', '2026-11-30'],
  price_cents: ['450', '0', '007', '-3', '450.0', ' 450', '+450', '10000000', '10000001', '', '4.5'],
  was_cents: ['', '500', '450', '100', '600.0', 'x'],
  promo: ['', 'special', 'member', 'Special', ' '],
  multibuy_qty: ['', '2', '1', '99', '100', '3.0'],
  multibuy_cents: ['', '900', '0', '1'],
  in_stock: ['', 'true', 'false', 'TRUE', 'yes'],
  source: ['test', 'hotprices-au', '', 'Bad Source'],
};

describe('plainPrice', () => {
  it('reads a row exactly as readFeedRecord does whenever it reads it at all (fast-check)', () => {
    // Mostly the first (plain) value of each column, so that many rows are read both ways.
    const value = (h: string) =>
      fc.oneof(
        { arbitrary: fc.constant((VALUES[h] ?? [])[0] as string), weight: 6 },
        { arbitrary: fc.constantFrom(...(VALUES[h] ?? [])), weight: 1 },
      );
    const row = fc.record(Object.fromEntries(HEADER.map((h) => [h, value(h)])));
    const required = ['chain', 'sku', 'date', 'price_cents', 'source'];
    const columns = fc
      .subarray(
        HEADER.filter((h) => !required.includes(h)),
        { minLength: 0 },
      )
      .chain((optional) =>
        fc.shuffledSubarray([...required, ...optional], { minLength: required.length + optional.length }),
      );
    let plain = 0;
    fc.assert(
      fc.property(row, columns, (values, header) => {
        const fields = header.map((h) => values[h] as string);
        const record = Object.fromEntries(header.map((h, i) => [h, fields[i] as string]));
        const errors: FeedError[] = [];
        const full = readFeedRecord('prices', record, 'prices.csv line 2', TODAY, errors);
        const fast = plainPrice(fields, priceColumns(header), TODAY);
        if (fast !== null) {
          plain++;
          expect(errors).toEqual([]);
          expect(fast).toEqual(full);
          expect(Object.keys(fast)).toEqual(Object.keys(full ?? {}));
        }
      }),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(0);
  });

  it('leaves a row with an empty SKU or source to the full reader, even as the first row read', async () => {
    // A fresh copy of the module: what plainPrice remembers of the rows before starts empty.
    vi.resetModules();
    const fresh = await import('./feed.ts');
    const at = fresh.priceColumns(HEADER);
    const row = (sku: string, source: string) => [
      'coles',
      sku,
      '',
      '2026-11-01',
      '',
      '450',
      '',
      '',
      '',
      '',
      '',
      source,
    ];
    expect(fresh.plainPrice(row('C1', ''), at, TODAY)).toBeNull();
    expect(fresh.plainPrice(row('', 'test'), at, TODAY)).toBeNull();
    expect(fresh.plainPrice(row('C1', 'test'), at, TODAY)).not.toBeNull();
    expect(fresh.plainPrice(row('C1', ''), at, TODAY)).toBeNull();
  });

  it('reads a plain row, and leaves every other form to the full reader', () => {
    const at = priceColumns(HEADER);
    const fields = ['coles', 'C1', '', '2026-11-01', '', '450', '500', 'special', '2', '800', '', 'test'];
    expect(plainPrice(fields, at, TODAY)).toEqual({
      chain: 'coles',
      sku: 'C1',
      store: 'online',
      date: '2026-11-01',
      last_seen: null,
      price_cents: 450,
      was_cents: 500,
      promo: 'special',
      multibuy_qty: 2,
      multibuy_cents: 800,
      in_stock: true,
      source: 'test',
    });
    for (const [i, odd] of [
      [5, '450.0'],
      [5, ' 450'],
      [3, '2026-11-26'],
      [6, '450'],
      [8, ''],
    ] as const)
      expect(
        plainPrice(
          fields.map((f, j) => (j === i ? odd : f)),
          at,
          TODAY,
        ),
      ).toBeNull();
  });
});
