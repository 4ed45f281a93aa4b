import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricedLine, priceRecord } from '../testing/lines.ts';
import { changePercent, portionsCost, priceRecipe } from './price-recipe.ts';
import { CHAINS, LOOSE_COLUMNS, PRICE_COLUMNS, PRICE_RECORD_SELECT } from './types.ts';

/** Flour: Coles $4 per 1 kg (was $3.20), Woolworths $2.50 per 500 g, Aldi $1.79 per 1kg. */
const flourPrices = priceRecord({
  coles_measure: '1kg',
  coles_unit_price_current: 4,
  coles_unit_price_past: 3.2,
  woolworths_measure: '500g',
  woolworths_unit_price_current: '2.50',
  woolworths_unit_price_past: '2.50',
  aldi_measure: '1 kg',
  aldi_unit_price_current: 1.79,
});
/** Milk: Coles $3.10 per 2L, Woolworths $3.10 per 2L, Aldi not stocked. */
const milkPrices = priceRecord({
  coles_measure: '2L',
  coles_unit_price_current: 3.1,
  coles_unit_price_past: 3.1,
  woolworths_measure: '2L',
  woolworths_unit_price_current: 3.1,
});

describe('priceRecipe (spec 9 pricing formulas)', () => {
  it('prices a line as unit price × grams needed ÷ pack measure', () => {
    const result = priceRecipe([pricedLine('500', 'g', 'plain flour', flourPrices)]);
    expect(result.lines[0]?.prices.coles).toEqual({ price: 2 }); // 4 × 500 / 1000
    expect(result.lines[0]?.prices.woolworths).toEqual({ price: 2.5 }); // 2.5 × 500 / 500
    expect(result.lines[0]?.prices.aldi).toEqual({ price: 0.9 }); // 1.79 × 500 / 1000 = 0.895
    expect(result.lines[0]?.grams).toBe(500);
  });

  it('converts the line to grams first (units and ingredient name)', () => {
    // USDA milk 244 g per US cup → 257.8 g per 250 mL cup.
    const result = priceRecipe([pricedLine('2', 'cup', 'milk', milkPrices)]);
    expect(result.lines[0]?.grams).toBeCloseTo(515.6, 1);
    expect(result.lines[0]?.prices.coles).toEqual({ price: 0.8 }); // 3.1 × 515.6 / 2000 = 0.799
    const byMl = priceRecipe([pricedLine('500', 'mL', 'milk', milkPrices)]);
    expect(byMl.lines[0]?.prices.coles).toEqual({ price: 0.78 }); // 3.1 × 500 / 2000 = 0.775
  });

  it('sums totals per chain over the lines it prices', () => {
    const result = priceRecipe([
      pricedLine('500', 'g', 'plain flour', flourPrices),
      pricedLine('500', 'mL', 'milk', milkPrices),
    ]);
    expect(result.chains.coles.total).toBe(2.78); // 2 + 0.775
    expect(result.chains.woolworths.total).toBe(3.28); // 2.5 + 0.775
    // Aldi does not stock milk: its total still counts the flour it prices.
    expect(result.chains.aldi.total).toBe(0.9);
  });

  it('computes per-portion cost as total ÷ portions × scale', () => {
    const lines = [pricedLine('1000', 'g', 'plain flour', flourPrices)];
    expect(priceRecipe(lines, { portions: 4 }).chains.coles.per_portion).toBe(1);
    expect(priceRecipe(lines, { portions: 4, scale: 2 }).chains.coles.per_portion).toBe(2);
    expect(priceRecipe(lines, { portions: 4, scale: 2 }).chains.coles.total).toBe(4);
    expect(priceRecipe(lines, { portions: 3 }).chains.coles.per_portion).toBe(1.33);
  });

  it('treats absent or invalid portions and scale as 1', () => {
    const lines = [pricedLine('1000', 'g', 'plain flour', flourPrices)];
    for (const options of [undefined, {}, { portions: null, scale: null }, { portions: 0, scale: -1 }]) {
      const result = priceRecipe(lines, options);
      expect(result.portions).toBe(1);
      expect(result.scale).toBe(1);
      expect(result.chains.coles.per_portion).toBe(4);
    }
  });

  it('computes percentage change as (current − past) ÷ past × 100', () => {
    const result = priceRecipe([pricedLine('1000', 'g', 'plain flour', flourPrices)]);
    expect(result.chains.coles.past_total).toBe(3.2);
    expect(result.chains.coles.change_percent).toBe(25); // (4 − 3.2) / 3.2 × 100
    expect(result.chains.woolworths.change_percent).toBe(0);
  });

  it('gives 0 % change when past is 0 (the formula alone would divide by zero)', () => {
    expect(changePercent(5, 0)).toBe(0);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(5, 4)).toBe(25);
    expect(changePercent(3, 4)).toBe(-25);
    expect(changePercent(1, 3)).toBe(-66.7);
  });

  it('gives 0 % change when the past total is 0, and counts a line without past price as unchanged', () => {
    const result = priceRecipe([pricedLine('1000', 'g', 'plain flour', flourPrices)]);
    // Aldi has no past price: past = current, change 0.
    expect(result.chains.aldi.past_total).toBe(1.79);
    expect(result.chains.aldi.change_percent).toBe(0);
    const none = priceRecipe([pricedLine('1000', 'g', 'plain flour', priceRecord())]);
    expect(none.chains.coles.past_total).toBe(0);
    expect(none.chains.coles.change_percent).toBe(0);
  });

  it('computes coverage as the percent of ingredients priced', () => {
    const result = priceRecipe([
      pricedLine('500', 'g', 'plain flour', flourPrices),
      pricedLine('500', 'mL', 'milk', milkPrices),
      pricedLine('1', 'piece', 'egg', null),
    ]);
    expect(result.chains.coles.priced).toBe(2);
    expect(result.chains.coles.coverage).toBe(66); // 2 of 3, rounded down
    expect(result.chains.aldi.coverage).toBe(33);
    expect(priceRecipe([pricedLine('1', 'kg', 'plain flour', flourPrices)]).chains.coles.coverage).toBe(100);
  });

  it('flags a chain available only if every ingredient is priced and at least one counted', () => {
    const both = priceRecipe([
      pricedLine('500', 'g', 'plain flour', flourPrices),
      pricedLine('500', 'mL', 'milk', milkPrices),
    ]);
    expect(both.chains.coles.available).toBe(true);
    expect(both.chains.woolworths.available).toBe(true);
    expect(both.chains.aldi.available).toBe(false);
    const empty = priceRecipe([]);
    for (const chain of CHAINS) expect(empty.chains[chain].available).toBe(false);
    expect(empty.cheapest).toBeNull();
  });

  it('names the cheapest available chain', () => {
    const both = priceRecipe([
      pricedLine('500', 'g', 'plain flour', flourPrices),
      pricedLine('500', 'mL', 'milk', milkPrices),
    ]);
    // Coles 2.78 < Woolworths 3.28; Aldi (0.90) is not available.
    expect(both.cheapest).toBe('coles');
    const tie = priceRecord({
      coles_measure: '1kg',
      coles_unit_price_current: 2,
      woolworths_measure: '1kg',
      woolworths_unit_price_current: 2,
    });
    expect(priceRecipe([pricedLine('1', 'kg', 'x', tie)]).cheapest).toBe('coles');
  });
});

describe('priceRecipe (spec 5 chain price availability)', () => {
  const one = (prices: Parameters<typeof priceRecord>[0] | null) =>
    priceRecipe([pricedLine('1', 'kg', 'plain flour', prices === null ? null : priceRecord(prices))]).lines[0]
      ?.prices.coles;

  it('needs a current unit price above 0', () => {
    expect(one({ coles_measure: '1kg', coles_unit_price_current: 0 })).toEqual({
      price: null,
      reason: 'no price',
    });
    expect(one({ coles_measure: '1kg', coles_unit_price_current: -3 })).toEqual({
      price: null,
      reason: 'no price',
    });
    expect(one({ coles_measure: '1kg', coles_unit_price_current: null })).toEqual({
      price: null,
      reason: 'no price',
    });
    expect(one({ coles_measure: '1kg', coles_unit_price_current: 'abc' })).toEqual({
      price: null,
      reason: 'no price',
    });
    expect(one({ coles_measure: '1kg', coles_unit_price_current: 0.01 })).toEqual({ price: 0.01 });
  });

  it('needs a pack measure that parses to above 0', () => {
    expect(one({ coles_measure: 'each', coles_unit_price_current: 3 })).toEqual({
      price: null,
      reason: 'unparseable measure',
    });
    expect(one({ coles_measure: '0g', coles_unit_price_current: 3 })).toEqual({
      price: null,
      reason: 'unparseable measure',
    });
    expect(one({ coles_measure: null, coles_unit_price_current: 3 })).toEqual({
      price: null,
      reason: 'unparseable measure',
    });
  });

  it('says why a chain has no price', () => {
    expect(one({})).toEqual({ price: null, reason: 'not stocked' });
    expect(one(null)).toEqual({ price: null, reason: 'no price record' });
    const noIngredient = priceRecipe([
      { quantity: '1', measurements: null, ingredients: null, prices: null },
    ]);
    expect(noIngredient.lines[0]?.prices.aldi).toEqual({ price: null, reason: 'no ingredient' });
    expect(noIngredient.chains.aldi.available).toBe(false);
  });

  it('turns a count pack into grams with the per-item weight', () => {
    // 12 eggs for $6: 2 eggs (100 g) cost $1, not 100/12 packs.
    const eggs = priceRecord({ coles_measure: '12 pack', coles_unit_price_current: 6 });
    const result = priceRecipe([pricedLine('2', 'piece', 'egg', eggs)]);
    expect(result.lines[0]?.prices.coles).toEqual({ price: 1 });
  });
});

describe('priceRecipe output', () => {
  it('reports each line with id, name, quantity, unit and grams', () => {
    const result = priceRecipe([pricedLine('1 1/2', 'Cups', 'Plain flour', flourPrices, 42)]);
    expect(result.lines[0]).toMatchObject({
      ingredient_id: 42,
      name: 'Plain flour',
      quantity: 1.5,
      unit: 'cup',
      grams: 198.1,
    });
    expect(priceRecipe([pricedLine('20', null, 'x', null)]).lines[0]?.unit).toBe('g');
  });

  it('rounds money to cents', () => {
    const r = priceRecipe([pricedLine('333', 'g', 'plain flour', flourPrices)], { portions: 7 });
    for (const chain of CHAINS) {
      const t = r.chains[chain];
      for (const v of [t.total, t.per_portion, t.past_total]) expect(Math.round(v * 100) / 100).toBe(v);
    }
  });

  it("prices 'to taste' lines at 0 and still counts them", () => {
    const salt = priceRecord({ coles_measure: '750g', coles_unit_price_current: 1.5 });
    const result = priceRecipe([pricedLine('to taste', null, 'salt', salt)]);
    expect(result.lines[0]?.prices.coles).toEqual({ price: 0 });
    expect(result.chains.coles.available).toBe(true);
  });
});

describe('portionsCost: one rounding rule for every per-portion figure (issue 15 defect 2)', () => {
  it('gives the per-portion price for one portion, whatever the lines’ cents', () => {
    // Three lines whose prices end in half cents: summed unrounded they are $16.59, rounded
    // one by one they would be $16.58, so "per portion" and "for 1 portion" once differed.
    const price = priceRecipe(
      [1, 2, 3].map((id) =>
        pricedLine(
          '1',
          'kg',
          `thing ${id}`,
          priceRecord({ coles_measure: '1kg', coles_unit_price_current: 5.525 + id / 1000 }),
          id,
        ),
      ),
      { portions: 3 },
    );
    const coles = price.chains.coles;
    expect(portionsCost(coles.total, 3, 1)).toBe(coles.per_portion);
    expect(portionsCost(coles.total, 3, 3)).toBe(coles.total);
  });
  it('matches per_portion for any total and portions (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 100 }),
        (total, portions) => {
          const once = portionsCost(total, portions, 1);
          return (
            Number.isFinite(once) &&
            once >= 0 &&
            portionsCost(total, portions, portions) === portionsCost(total, 1, 1)
          );
        },
      ),
    );
  });
});

describe('PRICE_RECORD_SELECT', () => {
  it('names the ingredient id and every chain column of PRICE_COLUMNS and LOOSE_COLUMNS', () => {
    const columns = PRICE_RECORD_SELECT.split(', ');
    expect(columns[0]).toBe('ingredient_id');
    expect(new Set(columns.slice(1))).toEqual(
      new Set(CHAINS.flatMap((c) => [...Object.values(PRICE_COLUMNS[c]), LOOSE_COLUMNS[c]])),
    );
    expect(columns).toHaveLength(1 + 4 * CHAINS.length);
  });
});
