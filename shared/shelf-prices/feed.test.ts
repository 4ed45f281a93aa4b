import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validGtin } from './feed.ts';
import { combineFeeds, readFeedCsv, readFeedJson } from './feed-read.ts';

const TODAY = { today: '2026-11-25' };
const fixture = (name: string): string =>
  readFileSync(new URL(`../../scripts/prices/fixtures/${name}`, import.meta.url), 'utf8');

const PRICE_HEAD =
  'chain,sku,store,date,last_seen,price_cents,was_cents,promo,multibuy_qty,multibuy_cents,in_stock,source';
const GOOD_PRICE = 'coles,C1,online,2026-11-01,2026-11-07,450,,,,,true,test';
/** The errors of a prices.csv whose data line (line 2) is `line`. */
const priceErrors = (line: string): string[] =>
  readFeedCsv('prices.csv', `${PRICE_HEAD}\n${line}\n`, TODAY).errors.map((e) => e.text);

describe('readFeedCsv: the fixtures', () => {
  it('reads the three CSV files of the fixture feed with no errors', () => {
    const products = readFeedCsv('products.csv', fixture('products.csv'), TODAY);
    const prices = readFeedCsv('prices.csv', fixture('prices.csv'), TODAY);
    const mappings = readFeedCsv('ingredient_products.csv', fixture('ingredient_products.csv'), TODAY);
    expect([products.errors, prices.errors, mappings.errors]).toEqual([[], [], []]);
    expect([products.products.length, prices.prices.length, mappings.ingredient_products.length]).toEqual([
      6, 126, 5,
    ]);
    expect(products.products[1]).toEqual({
      where: 'products.csv line 5',
      row: {
        chain: 'coles',
        sku: 'T-EGGS-12',
        name: 'Test Free Range Eggs, 12 pack',
        brand: 'Testbrand',
        pack_size: 12,
        pack_unit: 'each',
        pack_text: '12 x 58g',
        sold_loose: false,
        grams_each: 58,
        barcode: null,
        store: 'online',
        first_seen: null,
        last_seen: null,
        source: 'fixture',
      },
    });
    expect(prices.prices[0]?.row).toMatchObject({
      date: '2026-07-01',
      last_seen: '2026-07-07',
      price_cents: 350,
    });
  });

  it('reads the JSON form to the same rows as the CSV files', () => {
    const json = readFeedJson('feed.json', JSON.parse(fixture('feed.json')), TODAY);
    const csv = combineFeeds(
      ['products.csv', 'prices.csv', 'ingredient_products.csv'].map((f) => readFeedCsv(f, fixture(f), TODAY)),
    );
    expect(json.errors).toEqual([]);
    const rows = (feed: typeof json) =>
      [feed.products, feed.prices, feed.ingredient_products].map((l) => l.map((r) => r.row));
    expect(rows(json)).toEqual(rows(csv));
    expect(json.prices[3]?.where).toBe('feed.json prices[3]');
  });
});

describe('readFeedCsv: every kind of bad row is named by file, line and field', () => {
  it.each([
    ['coles,C1,online,2026-11-01,,-3,,,,,true,test', 'prices.csv line 2: price_cents -3 must be ≥ 0'],
    [
      'coles,C1,online,2026-11-01,,4.35,,,,,true,test',
      'prices.csv line 2: price_cents 4.35 must be a whole number of cents',
    ],
    [
      'coles,C1,online,2026-11-01,,$4,,,,,true,test',
      "prices.csv line 2: price_cents '$4' must be a whole number of cents",
    ],
    ['coles,C1,online,2026-11-01,,,,,,,true,test', 'prices.csv line 2: price_cents is missing'],
    [
      'coles,C1,online,2026-11-01,,10000001,,,,,true,test',
      'prices.csv line 2: price_cents 10000001 must be ≤ 10,000,000',
    ],
    [
      'Coles,C1,online,2026-11-01,,450,,,,,true,test',
      "prices.csv line 2: chain 'Coles' must be one of coles, woolworths, aldi",
    ],
    [
      'coles,C 1,online,2026-11-01,,450,,,,,true,test',
      "prices.csv line 2: sku 'C 1' must be letters, digits, . _ or - (up to 40)",
    ],
    [
      'coles,C1,online,2026-13-01,,450,,,,,true,test',
      "prices.csv line 2: date '2026-13-01' must be a date written YYYY-MM-DD",
    ],
    [
      'coles,C1,online,01/11/2026,,450,,,,,true,test',
      "prices.csv line 2: date '01/11/2026' must be a date written YYYY-MM-DD",
    ],
    [
      'coles,C1,online,2026-11-26,,450,,,,,true,test',
      "prices.csv line 2: date '2026-11-26' is after today (2026-11-25)",
    ],
    [
      'coles,C1,online,1999-12-31,,450,,,,,true,test',
      "prices.csv line 2: date '1999-12-31' is before 2000-01-01",
    ],
    [
      'coles,C1,online,2026-11-01,2026-10-31,450,,,,,true,test',
      "prices.csv line 2: last_seen '2026-10-31' is before date '2026-11-01'",
    ],
    [
      'coles,C1,online,2026-11-01,,450,450,,,,true,test',
      'prices.csv line 2: was_cents 450 must be above price_cents 450',
    ],
    [
      'coles,C1,online,2026-11-01,,450,,sale,,,true,test',
      "prices.csv line 2: promo 'sale' must be one of special, half-price, multibuy, price-drop, everyday-low, clearance, member",
    ],
    [
      'coles,C1,online,2026-11-01,,450,,multibuy,2,,true,test',
      'prices.csv line 2: multibuy_cents is missing (multibuy_qty and multibuy_cents go together)',
    ],
    [
      'coles,C1,online,2026-11-01,,450,,multibuy,1,400,true,test',
      'prices.csv line 2: multibuy_qty 1 must be ≥ 2',
    ],
    [
      'coles,C1,online,2026-11-01,,450,,,,,yes,test',
      "prices.csv line 2: in_stock 'yes' must be true or false",
    ],
    [
      'coles,C1,Bondi Junction,2026-11-01,,450,,,,,true,test',
      "prices.csv line 2: store 'Bondi Junction' must be lower-case letters, digits or - (up to 40), e.g. 'online'",
    ],
    ['coles,C1,online,2026-11-01,,450,,,,,true,', 'prices.csv line 2: source is missing'],
    [
      'coles,C1,online,2026-11-01,,450,,,,,true,Hot Prices',
      "prices.csv line 2: source 'Hot Prices' must be lower-case letters, digits, . _ : or - (up to 40), e.g. 'hotprices-au'",
    ],
    [
      'coles,C1,online,2026-11-01,,450,,,,true,test',
      'prices.csv line 2: has 11 fields where the header has 12',
    ],
  ])('%s', (line, message) => {
    expect(priceErrors(line)).toEqual([message]);
  });

  it('reports every bad field of every row, with thousands in line numbers', () => {
    const lines = Array.from({ length: 5011 }, () => GOOD_PRICE);
    lines.push('coles,C1,online,2026-11-02,,-3,,,,,maybe,test');
    const read = readFeedCsv('prices.csv', `${PRICE_HEAD}\n${lines.join('\n')}\n`, TODAY);
    expect(read.errors.map((e) => e.text)).toEqual([
      'prices.csv line 5,013: price_cents -3 must be ≥ 0',
      "prices.csv line 5,013: in_stock 'maybe' must be true or false",
    ]);
    expect(read.errors[0]).toMatchObject({ where: 'prices.csv line 5,013', field: 'price_cents' });
    expect(read.prices).toHaveLength(5011);
  });

  it('checks products: pack, loose goods, grams each, barcode check digit, dates, lengths', () => {
    const head =
      'chain,sku,name,pack_size,pack_unit,sold_loose,grams_each,barcode,first_seen,last_seen,source';
    const errors = (line: string) =>
      readFeedCsv('products.csv', `${head}\n${line}`, TODAY).errors.map((e) => e.text);
    expect(errors('coles,C1,Oats,900,g,false,,2000000000008,,,test')).toEqual([]);
    expect(errors('coles,C1,Oats,0,g,false,,,,,test')).toEqual([
      'products.csv line 2: pack_size 0 must be a number above 0',
    ]);
    expect(errors('coles,C1,Oats,1.2345,g,false,,,,,test')).toEqual([
      'products.csv line 2: pack_size 1.2345 has more than three decimals',
    ]);
    expect(errors('coles,C1,Oats,900,kg,false,,,,,test')).toEqual([
      "products.csv line 2: pack_unit 'kg' must be one of g, mL, each",
    ]);
    expect(errors('coles,C1,Milk,2000,mL,true,,,,,test')).toEqual([
      'products.csv line 2: sold_loose true needs pack_unit g (loose goods are sold by weight)',
    ]);
    expect(errors('coles,C1,Oats,900,g,false,50,,,,test')).toEqual([
      'products.csv line 2: grams_each 50 needs pack_unit each',
    ]);
    expect(errors('coles,C1,Oats,900,g,false,,2000000000009,,,test')).toEqual([
      'products.csv line 2: barcode 2000000000009 is not a GTIN with a valid check digit',
    ]);
    expect(errors('coles,C1,Oats,900,g,false,,,2026-11-02,2026-11-01,test')).toEqual([
      "products.csv line 2: last_seen '2026-11-01' is before first_seen '2026-11-02'",
    ]);
    expect(errors(`coles,C1,${'x'.repeat(201)},900,g,false,,,,,test`)[0]).toMatch(
      /name '.*' is longer than 200 characters$/,
    );
    expect(errors('coles,C1,,900,g,false,,,,,test')).toEqual(['products.csv line 2: name is missing']);
  });

  it('checks the header: kind, unknown, doubled and missing columns, version', () => {
    const header = (text: string) => readFeedCsv('f.csv', text, TODAY).errors.map((e) => e.text);
    expect(header('a,b\n1,2')).toEqual([
      'f.csv line 1: names none of price_cents, pack_unit, ingredient: not a Larder price feed header',
    ]);
    expect(header('chain,sku,date,price_cents,price_cent,source\n')).toEqual([
      "f.csv line 1: has an unknown column 'price_cent'",
    ]);
    expect(header('chain,sku,sku,date,price_cents,source\n')).toEqual([
      "f.csv line 1: names the column 'sku' twice",
    ]);
    expect(header('chain,sku,price_cents,source\n')).toEqual(["f.csv line 1: lacks the column 'date'"]);
    expect(header('# larder-price-feed version 2\nchain,sku,date,price_cents,source\n')).toEqual([
      'f.csv line 1: states version 2; this reader knows version 1',
    ]);
    expect(header('')).toEqual(['f.csv: is empty (no header line)']);
    expect(header('chain,sku,date,price_cents,source\ncoles,C1,"2026-11-01')).toEqual([
      'f.csv line 2: a quoted field is never closed',
    ]);
    // Comment lines count: the bad row is line 4 of the file.
    expect(header('# one\n# two\nchain,sku,date,price_cents,source\ncoles,C1,2026-11-01,-1,t')).toEqual([
      'f.csv line 4: price_cents -1 must be ≥ 0',
    ]);
  });

  it('checks ingredient matches', () => {
    const head = 'ingredient,chain,sku,preferred,match,reviewed_on,source';
    const errors = (line: string) =>
      readFeedCsv('m.csv', `${head}\n${line}`, TODAY).errors.map((e) => e.text);
    expect(errors('rolled oats,coles,C1,true,manual,,test')).toEqual([]);
    expect(errors('rolled oats,coles,C1,true,guess,,test')).toEqual([
      "m.csv line 2: match 'guess' must be one of manual, barcode, name",
    ]);
    expect(errors('rolled oats,coles,C1,1,manual,,test')).toEqual([
      'm.csv line 2: preferred 1 must be true or false',
    ]);
  });
});

describe('readFeedJson', () => {
  it('refuses another format or version, unknown sections and fields, wrong JSON types', () => {
    const errors = (doc: unknown) => readFeedJson('feed.json', doc, TODAY).errors.map((e) => e.text);
    expect(errors({ format: 'larder-price-feed', version: 2 })).toEqual(['feed.json: version 2 must be 1']);
    expect(errors({ version: 1 })).toEqual(['feed.json: format is missing']);
    expect(errors({ format: 'other', version: 1 })).toEqual([
      "feed.json: format 'other' must be 'larder-price-feed'",
    ]);
    expect(errors({ format: 'larder-price-feed', version: 1, price: [] })).toEqual([
      "feed.json: has an unknown section 'price'",
    ]);
    expect(
      errors({
        format: 'larder-price-feed',
        version: 1,
        prices: [
          { chain: 'coles', sku: 'C1', date: '2026-11-01', price_cents: 4.35, source: 'x' },
          { chain: 'coles', sku: 'C1', date: '2026-11-01', price_cents: 435, source: 'x', cost: 1 },
          { chain: 'coles', sku: 123, date: '2026-11-02', price_cents: 435, source: 'x', in_stock: 'true' },
        ],
      }),
    ).toEqual([
      'feed.json prices[0]: price_cents 4.35 must be a whole number of cents',
      "feed.json prices[1]: has an unknown field 'cost'",
      'feed.json prices[2]: sku 123 must be letters, digits, . _ or - (up to 40)',
    ]);
    expect(errors([])).toEqual(['feed.json: is not a JSON object']);
  });
});

describe('combineFeeds: checks across rows and files', () => {
  const csv = (name: string, text: string) => readFeedCsv(name, text, TODAY);
  it('merges a product listed twice with the same pack, refuses another pack', () => {
    const head = 'chain,sku,name,pack_size,pack_unit,first_seen,last_seen,source';
    const a = csv('a.csv', `${head}\ncoles,C1,Oats,900,g,2026-10-01,2026-10-05,x`);
    const b = csv(
      'b.csv',
      `${head}\ncoles,C1,Rolled oats,900,g,2026-09-01,2026-10-02,x\ncoles,C2,Milk,2000,mL,,,x`,
    );
    const combined = combineFeeds([a, b]);
    expect(combined.errors).toEqual([]);
    expect(combined.products.map((p) => [p.row.sku, p.row.name, p.row.first_seen, p.row.last_seen])).toEqual([
      ['C1', 'Rolled oats', '2026-09-01', '2026-10-05'],
      ['C2', 'Milk', null, null],
    ]);
    const c = csv('c.csv', `${head}\ncoles,C1,Oats,1000,g,,,x`);
    expect(combineFeeds([a, c]).errors.map((e) => e.text)).toEqual([
      'c.csv line 2: coles C1 is on a.csv line 2 too, with another pack (900 g there, 1000 g here)',
    ]);
  });
  it('merges the same price given twice, refuses two prices for one product, store and day', () => {
    const same = csv(
      'p.csv',
      `${PRICE_HEAD}\n${GOOD_PRICE}\ncoles,C1,online,2026-11-01,2026-11-09,450,,,,,true,test`,
    );
    const merged = combineFeeds([same]);
    expect(merged.errors).toEqual([]);
    expect(merged.prices.map((p) => p.row.last_seen)).toEqual(['2026-11-09']);
    const clash = csv('p.csv', `${PRICE_HEAD}\n${GOOD_PRICE}\ncoles,C1,online,2026-11-01,,460,,,,,true,test`);
    expect(combineFeeds([clash]).errors.map((e) => e.text)).toEqual([
      'p.csv line 3: coles C1 at store online on 2026-11-01 is 460 cents here but 450 cents on p.csv line 2 (or differs in was, promo, multibuy or stock)',
    ]);
  });
  it('finds a repeated day whatever the order of the rows, products interleaved or in two files', () => {
    const row = (sku: string, date: string, cents: number) =>
      `coles,${sku},online,${date},,${cents},,,,,true,test`;
    const a = csv(
      'a.csv',
      [
        PRICE_HEAD,
        row('C1', '2026-11-08', 450),
        row('C2', '2026-11-01', 300),
        row('C1', '2026-11-01', 440),
      ].join('\n'),
    );
    const b = csv(
      'b.csv',
      [
        PRICE_HEAD,
        row('C1', '2026-11-01', 440),
        row('C2', '2026-11-01', 310),
        row('C1', '2026-11-08', 451),
      ].join('\n'),
    );
    const combined = combineFeeds([a, b]);
    expect(combined.errors.map((e) => e.text)).toEqual([
      'b.csv line 3: coles C2 at store online on 2026-11-01 is 310 cents here but 300 cents on a.csv line 3 (or differs in was, promo, multibuy or stock)',
      'b.csv line 4: coles C1 at store online on 2026-11-08 is 451 cents here but 450 cents on a.csv line 2 (or differs in was, promo, multibuy or stock)',
    ]);
    expect(combined.prices.map((p) => p.where)).toEqual(['a.csv line 2', 'a.csv line 3', 'a.csv line 4']);
  });
  it('allows one preferred product per ingredient and chain', () => {
    const head = 'ingredient,chain,sku,preferred,match,source';
    const m = csv(
      'm.csv',
      `${head}\noats,coles,C1,true,manual,x\noats,coles,C2,false,name,x\noats,coles,C3,true,name,x`,
    );
    expect(combineFeeds([m]).errors.map((e) => e.text)).toEqual([
      "m.csv line 4: preferred true for 'oats' at coles (C3), but m.csv line 2 prefers C1: one preferred product per ingredient and chain",
    ]);
  });
});

describe('validGtin', () => {
  it('checks GS1 check digits of GTIN-8, -12, -13 and -14', () => {
    for (const good of ['96385074', '036000291452', '2000000000008', '4006381333931', '10012345678902'])
      expect(validGtin(good), good).toBe(true);
    for (const bad of ['96385075', '4006381333932', '123', 'abcdefghijklm', '200000000000 '])
      expect(validGtin(bad), bad).toBe(false);
  });
});
