import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecipeLine } from '../nutrition/types.ts';
import type { IngredientPriceRecord } from '../pricing/types.ts';
import { priceRecord } from '../testing/lines.ts';
import { packsFor, packsText, priceBasket, smallestPack } from './basket.ts';
import { ONE_PACK } from './list-needs.ts';
import { type NeedLine, type PlannedMeal, shoppingNeeds } from './needs.ts';

const line = (id: number, name: string, quantity: string, unit: string | null): RecipeLine => ({
  quantity,
  measurements: unit === null ? null : { name: unit },
  ingredients: { id, name, protein: 0, carbs: 0, fats: 0, calories: 0 },
});
const meal = (label: string, lines: RecipeLine[], portions?: number, recipePortions = 4): PlannedMeal => ({
  label,
  portions: portions ?? null,
  recipe: { portions: recipePortions, recipe_ingredients: lines },
});

describe('shoppingNeeds: the plan becomes the lines to buy', () => {
  const mince = (g: string) => line(1, 'lean beef mince', g, 'g');
  it('sums an ingredient across meals in its base unit and says which meals it is for', () => {
    const needs = shoppingNeeds(
      [
        meal('Mon dinner', [mince('500'), line(2, 'egg', '2', 'piece')]),
        meal('Wed lunch', [mince('250'), line(2, 'egg', '100', 'g'), line(3, 'full-cream milk', '1', 'cup')]),
      ],
      [],
    );
    expect(needs.map((n) => [n.name, n.base, n.need, n.meals])).toEqual([
      ['egg', 'each', 4, ['Mon dinner', 'Wed lunch']],
      ['full-cream milk', 'mL', 250, ['Wed lunch']],
      ['lean beef mince', 'g', 750, ['Mon dinner', 'Wed lunch']],
    ]);
  });
  it('scales a meal cooked for other portions than the recipe makes', () => {
    const [need] = shoppingNeeds([meal('Fri dinner', [mince('400')], 2, 4)], []);
    expect(need!.need).toBe(200);
  });
  it('subtracts the pantry, never below zero: "need 600 g, have 200 g, buy 400 g"', () => {
    const pantry = [
      { name: 'Lean beef mince', ingredient_id: 1, quantity: 200, unit: 'g' },
      { name: 'eggs', ingredient_id: null, quantity: 12, unit: null },
    ];
    const needs = shoppingNeeds([meal('Mon', [mince('600'), line(2, 'egg', '2', 'piece')])], pantry);
    expect(needs.find((n) => n.key === 'i:1')).toMatchObject({ need: 600, have: 200, buy: 400 });
    // 'eggs' is free text of another name than the ingredient's: not the same item.
    expect(needs.find((n) => n.key === 'i:2')).toMatchObject({ need: 2, have: 0, buy: 2 });
    const plenty = shoppingNeeds(
      [meal('Mon', [mince('600')])],
      [{ name: 'x', ingredient_id: 1, quantity: 2, unit: 'kg' }],
    );
    expect(plenty[0]).toMatchObject({ need: 600, have: 600, buy: 0 });
  });
  it('counts what the pantry holds without a unit as pieces of what is counted, grams of the rest', () => {
    const needs = shoppingNeeds(
      [meal('Mon', [line(2, 'egg', '6', 'piece'), line(5, 'brown onion', '3', 'piece'), mince('600')])],
      [
        { name: 'egg', ingredient_id: 2, quantity: 4, unit: null },
        { name: 'brown onion', ingredient_id: 5, quantity: 1, unit: '' },
        { name: 'mince', ingredient_id: 1, quantity: 200, unit: null },
      ],
    );
    expect(needs.map((n) => [n.name, n.need, n.have, n.buy])).toEqual([
      ['brown onion', 3, 1, 2],
      ['egg', 6, 4, 2],
      ['lean beef mince', 600, 200, 400],
    ]);
  });
  it('counts packets in the pantry as the packs they are, where the pack is known', () => {
    const spaghetti = line(6, 'spaghetti', '500', 'g');
    const held = { name: 'spaghetti', ingredient_id: 6, quantity: 2, unit: 'packets' };
    const [known] = shoppingNeeds(
      [meal('Mon', [spaghetti]), meal('Tue', [spaghetti])],
      [{ ...held, pack: { size: 375, unit: 'g' } }],
    );
    expect(known).toMatchObject({ need: 1000, have: 750, buy: 250 });
    // Without a pack, spec 9's 1 g a packet.
    const [unknown] = shoppingNeeds([meal('Mon', [spaghetti])], [held]);
    expect(unknown).toMatchObject({ need: 500, have: 2, buy: 498 });
  });
  it('counts a dozen as twelve, in the pantry and in a recipe', () => {
    const [eggs] = shoppingNeeds(
      [meal('Mon', [line(2, 'egg', '1', 'dozen'), line(2, 'egg', '6', 'piece')])],
      [{ name: 'egg', ingredient_id: 2, quantity: 1, unit: 'dozen' }],
    );
    expect(eggs).toMatchObject({ base: 'each', need: 18, have: 12, buy: 6 });
  });
  it('keeps a line with no amount on its own, saying why', () => {
    const [salt] = shoppingNeeds([meal('Mon', [line(4, 'salt', 'to taste', null)])], []);
    expect(salt).toMatchObject({ name: 'salt', base: null, buy: 0, note: 'to taste' });
  });
});

const record = (fields: Partial<IngredientPriceRecord>) => priceRecord(fields);
const need = (id: number, name: string, buy: number, base: NeedLine['base'] = 'g'): NeedLine => ({
  key: `i:${id}`,
  ingredient_id: id,
  name,
  base,
  need: buy,
  have: 0,
  buy,
  meals: ['Mon'],
});

describe('priceBasket: whole packs, integer cents, the cheapest chain and the split', () => {
  const records = new Map<number, IngredientPriceRecord>([
    [
      1,
      record({
        coles_measure: '500g',
        coles_unit_price_current: 6.5,
        woolworths_measure: '1kg',
        woolworths_unit_price_current: 11,
        aldi_measure: '500g',
        aldi_unit_price_current: 5.99,
      }),
    ],
    [
      2,
      record({
        coles_measure: '12 pack',
        coles_unit_price_current: 7.2,
        woolworths_measure: '12 pack',
        woolworths_unit_price_current: 6.9,
      }),
    ],
    [
      3,
      record({
        coles_measure: '2L',
        coles_unit_price_current: 3.1,
        woolworths_measure: '2L',
        woolworths_unit_price_current: 3.1,
        aldi_measure: '2L',
        aldi_unit_price_current: 2.99,
      }),
    ],
  ]);
  const lines = [
    need(1, 'lean beef mince', 750),
    need(2, 'egg', 4, 'each'),
    need(3, 'full-cream milk', 250, 'mL'),
    need(9, 'saffron', 1),
  ];
  const basket = priceBasket(lines, records);
  it('buys whole packs and keeps what is left over', () => {
    expect(basket.chains.coles.lines.find((l) => l.key === 'i:1')).toMatchObject({
      packs: 2,
      costCents: 1300,
      leftover: 250,
    });
    expect(basket.chains.woolworths.lines.find((l) => l.key === 'i:1')).toMatchObject({
      packs: 1,
      costCents: 1100,
      leftover: 250,
    });
    expect(basket.chains.coles.lines.find((l) => l.key === 'i:2')).toMatchObject({
      packs: 1,
      leftover: 8,
      unitPrice: { cents: 60, per: 'each' },
    });
  });
  it('totals are the sum of their lines to the cent; unpriced lines are named', () => {
    for (const chain of ['coles', 'woolworths', 'aldi'] as const) {
      const c = basket.chains[chain];
      expect(c.totalCents).toBe(c.lines.reduce((s, l) => s + l.costCents, 0));
      expect(c.unpriced).toContain('saffron');
    }
    expect(basket.chains.aldi).toMatchObject({ priced: 2, coverage: 50 });
    expect(basket.unpriced).toEqual(['saffron']);
  });
  it('the cheapest single chain prices every priceable line; the split takes each line from the cheaper of two', () => {
    expect(basket.cheapest).toEqual({ chain: 'woolworths', totalCents: 1100 + 690 + 310 });
    // Aldi has no eggs: Woolworths for the mince (one 1 kg pack) and the eggs, Aldi for the milk.
    expect(basket.split).toMatchObject({
      chains: ['woolworths', 'aldi'],
      totalCents: 1100 + 690 + 299,
      savingCents: 11,
      from: { 'i:1': 'woolworths', 'i:2': 'woolworths', 'i:3': 'aldi' },
    });
  });
});

describe('priceBasket: loose produce is bought by weight', () => {
  // Tomatoes loose at Coles ($6.90 a kilo), in a 1 kg bag at Woolworths ($5.50).
  const tomatoes = new Map<number, IngredientPriceRecord>([
    [
      7,
      record({
        coles_measure: '1kg',
        coles_unit_price_current: 6.9,
        coles_loose: true,
        woolworths_measure: '1kg',
        woolworths_unit_price_current: 5.5,
      }),
    ],
  ]);
  it('buys what the line needs at the kilo price, with nothing left over; a bag is still a pack', () => {
    const b = priceBasket([need(7, 'tomato', 300)], tomatoes);
    expect(b.chains.coles.lines[0]).toEqual({
      key: 'i:7',
      packs: 1,
      costCents: 207,
      leftover: 0,
      pack: { amount: 300, priceCents: 207, label: '300g', loose: true },
      unitPrice: { cents: 690, per: 'kg' },
    });
    expect(b.chains.woolworths.lines[0]).toMatchObject({ packs: 1, costCents: 550, leftover: 700 });
    expect(b.chains.coles.lines.map(packsText)).toEqual(['300g loose']);
    expect(b.chains.woolworths.lines.map(packsText)).toEqual(['1 × 1kg']);
    const crumb = priceBasket([need(7, 'tomato', 0.0001)], tomatoes).chains.coles.lines[0];
    expect(crumb).toMatchObject({ costCents: 1, pack: { label: '1g' } });
    expect(b.cheapest).toEqual({ chain: 'coles', totalCents: 207 });
  });
  it('weighs counted produce by its usual weight', () => {
    const [line] = priceBasket([need(7, 'tomato', 2, 'each')], tomatoes).chains.coles.lines;
    const grams = Number(line?.pack.label.replace('g', ''));
    expect(grams).toBeGreaterThan(100);
    expect(line).toMatchObject({ packs: 1, leftover: 0, unitPrice: { cents: 690, per: 'kg' } });
    expect(line?.costCents).toBe(Math.round((690 * grams) / 1000));
  });
  it("gives a counted line's unit price as the shelf does: bacon by the rasher is sold by weight", () => {
    const bacon = new Map([[8, record({ aldi_measure: '250g', aldi_unit_price_current: 4 })]]);
    const [line] = priceBasket([need(8, 'bacon', 3, 'each')], bacon).chains.aldi.lines;
    expect(line).toMatchObject({ packs: 1, costCents: 400, unitPrice: { cents: 160, per: '100 g' } });
  });
  it('says what is sold by count as a shop counts it: 4 each, 1 × 12 pack', () => {
    // '4 × 1 each' for four avocados read as a puzzle.
    const counted = new Map([
      [3, record({ coles_measure: '1 each', coles_unit_price_current: 2 })],
      [4, record({ coles_measure: '12 each', coles_unit_price_current: 6.9 })],
    ]);
    const lines = priceBasket([need(3, 'avocado', 4, 'each'), need(4, 'egg', 8, 'each')], counted).chains
      .coles.lines;
    expect(lines.map(packsText)).toEqual(['4 each', '1 × 12 pack']);
  });
  it('buys a line without a known amount as the weight its shelf price is for, never as a crumb', () => {
    const noAmount = { ...need(7, 'tomato', ONE_PACK), packs: 1 };
    const [coles] = priceBasket([noAmount], tomatoes).chains.coles.lines;
    expect(coles).toMatchObject({
      packs: 1,
      costCents: 690,
      pack: { amount: 1000, label: '1kg', loose: true },
    });
    expect(packsText(coles!)).toBe('1kg loose');
    const counted = { ...need(7, 'tomato', ONE_PACK, 'each'), packs: 1 };
    expect(priceBasket([counted], tomatoes).chains.coles.lines[0]).toMatchObject({
      packs: 1,
      costCents: 690,
    });
  });
  it('buys the packs a line asks for, of whatever size each chain sells', () => {
    const two = { ...need(7, 'tomato', ONE_PACK), packs: 2 };
    const b = priceBasket([two], tomatoes);
    expect(b.chains.coles.lines[0]).toMatchObject({ packs: 2, costCents: 1380, pack: { label: '1kg' } });
    expect(b.chains.woolworths.lines[0]).toMatchObject({ packs: 2, costCents: 1100 });
    // What was asked for is what is bought: nothing is left over.
    expect(b.chains.woolworths.lines[0]?.leftover).toBe(0);
  });
  it('never buys loose by count: a flag on a counted pack is ignored', () => {
    const eggs = new Map([
      [2, record({ coles_measure: '12 pack', coles_unit_price_current: 7.2, coles_loose: true })],
    ]);
    expect(priceBasket([need(2, 'egg', 4, 'each')], eggs).chains.coles.lines[0]).toMatchObject({
      packs: 1,
      costCents: 720,
      pack: { loose: false },
    });
  });
});

describe('basket properties (fast-check)', () => {
  it('packs × pack size ≥ need and (packs − 1) × pack size < need', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1e5, noNaN: true }),
        fc.double({ min: 0.001, max: 1e4, noNaN: true }),
        (n, size) => {
          const packs = packsFor(n, size);
          return packs * size >= n * (1 - 1e-9) && (packs - 1) * size < n;
        },
      ),
    );
  });
  const chainPrice = fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null });
  const arbRecord = fc
    .record({
      c: chainPrice,
      w: chainPrice,
      a: chainPrice,
      size: fc.integer({ min: 50, max: 2000 }),
      loose: fc.boolean(),
    })
    .map(({ c, w, a, size, loose }) =>
      record({
        coles_loose: loose,
        coles_measure: `${size}g`,
        woolworths_measure: `${size}g`,
        aldi_measure: `${size}g`,
        coles_unit_price_current: c === null ? null : c / 100,
        woolworths_unit_price_current: w === null ? null : w / 100,
        aldi_unit_price_current: a === null ? null : a / 100,
      }),
    );
  it('the split never costs more than the best single chain, and totals are exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbRecord, fc.integer({ min: 1, max: 5000 })), { maxLength: 8 }),
        (items) => {
          const recs = new Map(items.map(([r], i) => [i + 1, r]));
          const b = priceBasket(
            items.map(([, buy], i) => need(i + 1, `thing ${i}`, buy)),
            recs,
          );
          for (const c of Object.values(b.chains)) {
            if (
              !Number.isInteger(c.totalCents) ||
              c.totalCents !== c.lines.reduce((s, l) => s + l.costCents, 0)
            )
              return false;
          }
          return !(b.split && b.cheapest) || b.split.totalCents < b.cheapest.totalCents;
        },
      ),
    );
  });
  it('summing is order-independent and the pantry never adds nor goes negative', () => {
    const arbLine = fc.record({
      id: fc.integer({ min: 1, max: 5 }),
      q: fc.integer({ min: 0, max: 900 }),
      unit: fc.constantFrom('g', 'kg', 'cup', 'piece', null),
    });
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 12 }),
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 5 }),
            q: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
          }),
          { maxLength: 4 },
        ),
        (ls, pantry) => {
          const names = ['', 'plain flour', 'egg', 'full-cream milk', 'butter', 'brown onion'];
          const recipeLines = ls.map((l) => line(l.id, names[l.id]!, String(l.q), l.unit));
          const holdings = pantry.map((p) => ({
            name: names[p.id]!,
            ingredient_id: p.id,
            quantity: p.q,
            unit: 'g',
          }));
          const forward = shoppingNeeds([meal('A', recipeLines)], holdings);
          const backward = shoppingNeeds([meal('A', [...recipeLines].reverse())], [...holdings].reverse());
          for (const [i, n] of forward.entries()) {
            const m = backward[i]!;
            if (m.key !== n.key || Math.abs(m.need - n.need) > 0.01 || Math.abs(m.buy - n.buy) > 0.01)
              return false;
            if (n.buy < 0 || n.have < 0 || n.buy > n.need + 1e-9 || Math.abs(n.need - n.have - n.buy) > 0.002)
              return false;
          }
          return true;
        },
      ),
    );
  });
});

describe('shoppingNeeds: amounts that cannot be converted', () => {
  it('keeps an amount in an unknown unit on its own line, summed in that unit, saying why', () => {
    const needs = shoppingNeeds(
      [
        meal('Mon dinner', [line(5, 'honey', '2', 'jar'), line(5, 'honey', '1', 'tbsp')]),
        meal('Tue lunch', [line(5, 'honey', '1', 'jars')]),
      ],
      [{ name: 'honey', ingredient_id: 5, quantity: 1, unit: 'jar' }],
    );
    expect(needs).toHaveLength(2);
    const [grams, jars] = needs.sort((a, b) => a.key.localeCompare(b.key));
    expect(grams).toMatchObject({ key: 'i:5', base: 'g', buy: 28.7, meals: ['Mon dinner'] });
    expect(jars).toMatchObject({
      key: 'i:5|jar',
      base: null,
      unit: 'jar',
      need: 3,
      have: 1,
      buy: 2,
      meals: ['Mon dinner', 'Tue lunch'],
      note: "'jar' cannot be converted to g",
    });
    const basket = priceBasket(needs, new Map());
    expect(basket.unpriced).toEqual(['honey', 'honey (jar)']);
  });
  it('a line only in an unknown unit is not also a "to taste" line', () => {
    const needs = shoppingNeeds([meal('Mon', [line(6, 'basil', '10', 'leaf')])], []);
    expect(needs.map((n) => [n.key, n.buy, n.unit])).toEqual([['i:6|leaf', 10, 'leaf']]);
  });
});

describe('smallestPack: what a pantry packet holds', () => {
  it('is the smallest pack any chain sells, in the base unit, never a loose weight', () => {
    const spaghetti = record({
      coles_measure: '500g',
      coles_unit_price_current: 2,
      woolworths_measure: '375g',
      woolworths_unit_price_current: 1.5,
      aldi_measure: '1kg',
      aldi_unit_price_current: 1.89,
    });
    expect(smallestPack(spaghetti, 'spaghetti')).toEqual({ size: 375, unit: 'g' });
    const eggs = record({ coles_measure: '12 pack', coles_unit_price_current: 6 });
    expect(smallestPack(eggs, 'egg')).toEqual({ size: 12, unit: 'each' });
    const carrots = record({ coles_measure: '1kg', coles_unit_price_current: 2.2, coles_loose: true });
    expect(smallestPack(carrots, 'carrot')).toBeNull();
    expect(smallestPack(null, 'spaghetti')).toBeNull();
  });
});
