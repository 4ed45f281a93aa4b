import { describe, expect, it } from 'vitest';
import type { ChainKey } from '../pricing/types.ts';
import { indexIngredients } from '../recipe-import/match.ts';
import type { FeedPrice, FeedProduct, Sourced } from './feed.ts';
import { matchProductsByName } from './name-match.ts';

const ingredients = indexIngredients(
  [
    'brown onion',
    'red onion',
    'milk',
    'full-cream milk',
    'plain flour',
    'egg',
    'banana',
    'rolled oats',
    'lemon',
    'tomato',
    'tinned tomatoes',
    'barramundi',
    'sweet potato',
    'bay leaf',
  ].map((name, i) => ({ id: i + 1, name })),
);

let line = 0;
function product(
  chain: ChainKey,
  sku: string,
  name: string,
  pack: Partial<FeedProduct> = {},
): Sourced<FeedProduct> {
  return {
    where: `feed.json item ${++line}`,
    row: {
      chain,
      sku,
      name,
      brand: null,
      pack_size: 1000,
      pack_unit: 'g',
      pack_text: null,
      sold_loose: false,
      grams_each: null,
      barcode: null,
      store: 'online',
      first_seen: null,
      last_seen: null,
      source: 'hotprices-au',
      ...pack,
    },
  };
}

function price(
  chain: ChainKey,
  sku: string,
  cents: number,
  more: Partial<FeedPrice> = {},
): Sourced<FeedPrice> {
  return {
    where: `feed.json price ${++line}`,
    row: {
      chain,
      sku,
      store: 'online',
      date: '2026-11-18',
      last_seen: null,
      price_cents: cents,
      was_cents: null,
      promo: null,
      multibuy_qty: null,
      multibuy_cents: null,
      in_stock: true,
      source: 'hotprices-au',
      ...more,
    },
  };
}

const matched = (
  products: Sourced<FeedProduct>[],
  prices: Sourced<FeedPrice>[],
  taken: { ingredient: string; chain: ChainKey }[] = [],
) =>
  matchProductsByName({ products, prices, ingredients, taken }).map((m) => [
    m.row.ingredient,
    m.row.chain,
    m.row.sku,
  ]);

describe('matchProductsByName', () => {
  it('reads the ingredient from a shelf name, past the chain, the brand and the pack', () => {
    const products = [
      product('coles', 'C1', 'Coles Brown Onions Loose'),
      product('woolworths', 'W1', 'Woolworths Red Onions 1kg Bag'),
      product('woolworths', 'W2', 'Dairy Farmers Full Cream Milk 2L', { pack_size: 2000, pack_unit: 'mL' }),
      product('aldi', 'A1', 'Test Eggs 12 Pack', { pack_size: 12, pack_unit: 'each' }),
      product('coles', 'C2', 'Coles Free Range Eggs 12 Pack 700g', { pack_size: 12, pack_unit: 'each' }),
      product('coles', 'C3', 'Coles Barramundi Fillets 400g', { pack_size: 400 }),
      product('woolworths', 'W3', 'Woolworths Sweet Potato Gold Loose', { sold_loose: true }),
      product('woolworths', 'W4', 'Frozen Tinned Tomatoes'),
      product('aldi', 'A2', 'Stonemill Bay Leaves 5g', { pack_size: 5 }),
    ];
    const prices = products.map((p) => price(p.row.chain, p.row.sku, 350));
    expect(matched(products, prices)).toEqual([
      ['brown onion', 'coles', 'C1'],
      ['red onion', 'woolworths', 'W1'],
      ['full-cream milk', 'woolworths', 'W2'],
      ['egg', 'aldi', 'A1'],
      ['egg', 'coles', 'C2'],
      ['barramundi', 'coles', 'C3'],
      ['sweet potato', 'woolworths', 'W3'],
      ['bay leaf', 'aldi', 'A2'],
    ]);
  });

  it('refuses products that only mention an ingredient, or are made into something else', () => {
    const products = [
      product('coles', 'C3', 'Ardmona Diced Tomatoes 400g', { pack_size: 400 }),
      product('coles', 'C4', 'Coles Smoked Barramundi 200g', { pack_size: 200 }),
      product('coles', 'C1', 'Coles Milk Chocolate Block 200g'),
      product('coles', 'C2', 'Coles Chocolate Flavoured Milk 600mL', { pack_size: 600, pack_unit: 'mL' }),
      product('aldi', 'A1', 'Test Lemon Soda 6 x 375ml', { pack_size: 2250, pack_unit: 'mL' }),
      product('aldi', 'A2', 'Egg Noodles 440g'),
    ];
    const prices = products.map((p) => price(p.row.chain, p.row.sku, 300));
    expect(matched(products, prices)).toEqual([]);
  });

  it('reads past a brand the feed gives apart, so a brand of several words does not outweigh the ingredient', () => {
    const products = [
      product('aldi', 'A1', 'Farmdale Full Cream Milk Hilo 2L', { brand: 'FARMDALE HILO', pack_unit: 'mL' }),
      product('coles', 'C1', 'Western Star Original Lemon Butter', { brand: null }),
    ];
    const prices = products.map((p) => price(p.row.chain, p.row.sku, 300));
    expect(matched(products, prices)).toEqual([['full-cream milk', 'aldi', 'A1']]);
  });

  it('proposes one product per ingredient and chain: the surest, then in stock, then the cheapest by the unit', () => {
    const products = [
      product('coles', 'C1', 'Coles Plain Flour 2kg', { pack_size: 2000 }),
      product('coles', 'C2', 'Coles Plain Flour 1kg'),
      product('coles', 'C3', 'White Wings Plain Flour 1kg'),
      product('coles', 'C4', 'Coles Plain Flour 5kg', { pack_size: 5000 }),
    ];
    const prices = [
      price('coles', 'C1', 300), // 0.150 c/g
      price('coles', 'C2', 170), // 0.170 c/g
      price('coles', 'C3', 100), // cheapest, but a brand's words make it less sure
      price('coles', 'C4', 500, { in_stock: false }), // 0.100 c/g, out of stock
    ];
    expect(matched(products, prices)).toEqual([['plain flour', 'coles', 'C1']]);
  });

  it('leaves ingredients that already have a preferred product at that chain, and products with no price', () => {
    const products = [
      product('coles', 'C1', 'Coles Bananas Loose'),
      product('woolworths', 'W1', 'Woolworths Bananas'),
      product('aldi', 'A1', 'Rolled Oats 1kg'),
    ];
    const prices = [price('coles', 'C1', 390), price('woolworths', 'W1', 400)];
    expect(matched(products, prices, [{ ingredient: 'banana', chain: 'coles' }])).toEqual([
      ['banana', 'woolworths', 'W1'],
    ]);
  });

  it('writes a preferred, unreviewed name match with the product’s source', () => {
    const [mapping] = matchProductsByName({
      products: [product('coles', 'C1', 'Coles Brown Onions Loose')],
      prices: [price('coles', 'C1', 350)],
      ingredients,
      taken: [],
    });
    expect(mapping?.row).toEqual({
      ingredient: 'brown onion',
      chain: 'coles',
      sku: 'C1',
      preferred: true,
      match: 'name',
      reviewed_on: null,
      source: 'hotprices-au',
    });
  });
});
