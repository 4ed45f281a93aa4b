import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBasket } from '../basket/basket.ts';
import { type PantryHolding, shoppingNeeds } from '../basket/needs.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import type { IngredientPriceRecord } from '../pricing/types.ts';
import { priceRecord } from '../testing/lines.ts';
import { type CookableRecipe, pantryIndex, recipeCoverage } from './coverage.ts';

const line = (id: number, name: string, quantity: string, unit: string | null): RecipeLine => ({
  quantity,
  measurements: unit === null ? null : { name: unit },
  ingredients: { id, name, protein: 0, carbs: 0, fats: 0, calories: 0 },
});
const held = (
  id: number | null,
  name: string,
  quantity: number | null,
  unit: string | null,
): PantryHolding => ({
  ingredient_id: id,
  name,
  quantity,
  unit,
});

const MINCE = 1;
const EGG = 2;
const MILK = 3;
const SALT = 4;
const recipe: CookableRecipe = {
  id: 'r1',
  name: 'Meatballs',
  portions: 4,
  recipe_ingredients: [
    line(MINCE, 'lean beef mince', '500', 'g'),
    line(EGG, 'egg', '2', 'piece'),
    line(MILK, 'full-cream milk', '1', 'cup'),
    line(SALT, 'salt', '1', 'tsp'),
    line(5, 'pepper', 'to taste', null),
  ],
};
const prices = new Map<number, IngredientPriceRecord>([
  [
    MINCE,
    priceRecord({
      coles_measure: '500g',
      coles_unit_price_current: 7,
      aldi_measure: '1kg',
      aldi_unit_price_current: 12,
    }),
  ],
  [
    EGG,
    priceRecord({
      coles_measure: '12 pack',
      coles_unit_price_current: 6.5,
      aldi_measure: '12 pack',
      aldi_unit_price_current: 5,
    }),
  ],
  [
    MILK,
    priceRecord({
      coles_measure: '2L',
      coles_unit_price_current: 3.1,
      woolworths_measure: '1L',
      woolworths_unit_price_current: 1.6,
    }),
  ],
  [SALT, priceRecord({ coles_measure: '500g', coles_unit_price_current: 1 })],
]);

describe('recipeCoverage: what the pantry covers and what the rest costs', () => {
  it('counts eggs kept without a unit as eggs, as the shopping list does', () => {
    const c = recipeCoverage(recipe, pantryIndex([held(EGG, 'egg', 6, null)]), prices);
    const eggs = c.lines.find((l) => l.ingredient_id === EGG)!;
    expect([eggs.need, eggs.have, eggs.buy]).toEqual([2, 2, 0]);
  });
  it('counts packets of mince as the packs they are, as the shopping list does', () => {
    const packets = {
      ...held(MINCE, 'lean beef mince', 1, 'packet'),
      pack: { size: 500, unit: 'g' as const },
    };
    const mince = recipeCoverage(recipe, pantryIndex([packets]), prices).lines.find(
      (l) => l.ingredient_id === MINCE,
    )!;
    expect([mince.need, mince.have, mince.buy]).toEqual([500, 500, 0]);
  });
  it('counts by amount after unit conversion: 250 g of 500 g mince is half that line', () => {
    const c = recipeCoverage(recipe, pantryIndex([held(MINCE, 'lean beef mince', 0.25, 'kg')]), prices);
    const mince = c.lines.find((l) => l.ingredient_id === MINCE)!;
    expect([mince.need, mince.have, mince.buy]).toEqual([500, 250, 250]);
    expect(c.counted).toBe(4);
    expect(c.coverage).toBeCloseTo(0.5 / 4);
    expect(c.unknown.map((l) => [l.name, l.note])).toEqual([['pepper', 'to taste']]);
  });
  it('prices the missing amounts as whole packs at each chain, total and per portion', () => {
    const c = recipeCoverage(
      recipe,
      pantryIndex([held(MINCE, 'lean beef mince', 250, 'g'), held(EGG, 'eggs', 6, 'piece')]),
      prices,
    );
    expect(c.missing.map((l) => [l.name, l.buy])).toEqual([
      ['lean beef mince', 250],
      ['full-cream milk', 250],
      ['salt', 5],
    ]);
    // Coles: 1 × $7 mince, 1 × $3.10 milk, 1 × $1 salt.
    expect(c.chains.coles).toMatchObject({ totalCents: 1110, perPortionCents: 278, priced: 3, unpriced: [] });
    expect(c.chains.aldi).toMatchObject({
      totalCents: 1200,
      priced: 1,
      unpriced: ['full-cream milk', 'salt'],
    });
    expect(c.cheapest).toEqual({ chain: 'coles', totalCents: 1110, perPortionCents: 278 });
    expect(c.uses).toBe(2);
  });
  it('never counts a staple as missing, nor as a pantry item the recipe uses', () => {
    const c = recipeCoverage(
      recipe,
      pantryIndex(
        [held(MINCE, 'mince', 1, 'kg'), held(EGG, 'egg', 12, 'piece'), held(MILK, 'milk', 2, 'L')],
        [{ ingredient_id: null, name: ' Salt ' }],
      ),
      prices,
    );
    expect(c.missing).toEqual([]);
    expect(c.coverage).toBe(1);
    expect(c.uses).toBe(3);
    expect(c.cheapest).toBeNull();
    expect(c.chains.coles.totalCents).toBe(0);
  });
  it('keeps a pantry item in a unit that does not convert apart, never guessed', () => {
    const c = recipeCoverage(recipe, pantryIndex([held(MILK, 'milk', 2, 'jar')]), prices);
    expect(c.lines.find((l) => l.ingredient_id === MILK)!.have).toBe(0);
  });
  it('shows a line in a unit that does not convert as unknown, not counted', () => {
    const jar: CookableRecipe = {
      id: 'j',
      name: 'Jar',
      portions: 2,
      recipe_ingredients: [line(9, 'pesto', '1', 'jar')],
    };
    const c = recipeCoverage(jar, pantryIndex([]), prices);
    expect([c.counted, c.coverage, c.missing.length, c.unknown.length]).toEqual([0, 0, 0, 1]);
  });
  it('matches a free-text pantry item to a line by its name, whatever its case and spacing', () => {
    const c = recipeCoverage(recipe, pantryIndex([held(null, 'Full-cream  MILK', 500, 'mL')]), prices);
    expect(c.lines.find((l) => l.ingredient_id === MILK)!.buy).toBe(0);
  });
});

const ids = [MINCE, EGG, MILK, SALT] as const;
const names = ['lean beef mince', 'egg', 'full-cream milk', 'salt'] as const;
const units = ['g', 'kg', 'piece', 'cup', 'mL', 'tsp', 'jar', null] as const;
const holdingArb = fc.record({
  which: fc.integer({ min: 0, max: 3 }),
  free: fc.boolean(),
  quantity: fc.option(fc.double({ min: 0, max: 5000, noNaN: true })),
  unit: fc.constantFrom(...units),
});
const toHolding = (h: { which: number; free: boolean; quantity: number | null; unit: string | null }) =>
  held(h.free ? null : (ids[h.which] as number), names[h.which] as string, h.quantity, h.unit);
const recipeArb = fc
  .array(
    fc.record({
      which: fc.integer({ min: 0, max: 3 }),
      quantity: fc.constantFrom('1', '1/2', '250', '2', 'to taste', '1 1/2', '0'),
      unit: fc.constantFrom(...units),
    }),
    { maxLength: 8 },
  )
  .map(
    (ls): CookableRecipe => ({
      id: 'p',
      name: 'Property',
      portions: 2,
      recipe_ingredients: ls.map((l) =>
        line(ids[l.which] as number, names[l.which] as string, l.quantity, l.unit),
      ),
    }),
  );
const costOf = (c: ReturnType<typeof recipeCoverage>) => c.cheapest?.totalCents ?? 0;

describe('recipeCoverage properties', () => {
  it('coverage is between 0 and 1', () => {
    fc.assert(
      fc.property(recipeArb, fc.array(holdingArb, { maxLength: 6 }), (r, pantry) => {
        const { coverage } = recipeCoverage(r, pantryIndex(pantry.map(toHolding)), prices);
        expect(coverage).toBeGreaterThanOrEqual(0);
        expect(coverage).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('adding pantry stock never lowers coverage or raises the cost to finish, at any chain', () => {
    fc.assert(
      fc.property(recipeArb, fc.array(holdingArb, { maxLength: 6 }), holdingArb, (r, pantry, extra) => {
        const before = recipeCoverage(r, pantryIndex(pantry.map(toHolding)), prices);
        const after = recipeCoverage(r, pantryIndex([...pantry, extra].map(toHolding)), prices);
        expect(after.coverage).toBeGreaterThanOrEqual(before.coverage - 1e-9);
        expect(costOf(after)).toBeLessThanOrEqual(costOf(before));
        for (const chain of ['coles', 'woolworths', 'aldi'] as const)
          expect(after.chains[chain].totalCents).toBeLessThanOrEqual(before.chains[chain].totalCents);
      }),
    );
  });
  it("gives exactly what shoppingNeeds and priceBasket give for the recipe alone (the shopping list's code)", () => {
    fc.assert(
      fc.property(recipeArb, fc.array(holdingArb, { maxLength: 6 }), (r, items) => {
        const pantry = items.map(toHolding);
        const c = recipeCoverage(r, pantryIndex(pantry), prices);
        const needs = shoppingNeeds([{ label: r.name, recipe: r }], pantry).filter((n) => n.base !== null);
        const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
        const pick = (n: { key: string; need: number; have: number; buy: number }) => [
          n.key,
          n.need,
          n.have,
          n.buy,
        ];
        expect(
          c.lines
            .filter((l) => l.base !== null)
            .sort(byKey)
            .map(pick),
        ).toEqual(needs.sort(byKey).map(pick));
        const basket = priceBasket(needs, prices);
        expect(c.cheapest?.chain ?? null).toBe(basket.cheapest?.chain ?? null);
        expect(c.cheapest?.totalCents ?? null).toBe(basket.cheapest?.totalCents ?? null);
        for (const chain of ['coles', 'woolworths', 'aldi'] as const) {
          expect(c.chains[chain].totalCents).toBe(basket.chains[chain].totalCents);
          expect(c.chains[chain].unpriced.sort()).toEqual(basket.chains[chain].unpriced.sort());
        }
      }),
      { numRuns: 300 },
    );
  });
  it('a staple is never among the missing lines', () => {
    fc.assert(
      fc.property(recipeArb, fc.integer({ min: 0, max: 3 }), fc.boolean(), (r, which, byName) => {
        const staple = {
          ingredient_id: byName ? null : (ids[which] as number),
          name: names[which] as string,
        };
        const c = recipeCoverage(r, pantryIndex([], [staple]), prices);
        expect(c.missing.filter((l) => l.name === staple.name)).toEqual([]);
      }),
    );
  });
});

describe('arbitrary input (fast-check)', () => {
  const anything = fc.anything({ withNullPrototype: true });
  it('recipeCoverage and pantryIndex never throw and keep coverage in [0, 1]', () => {
    fc.assert(
      fc.property(anything, anything, anything, (r, pantry, staples) => {
        const c = recipeCoverage(r as CookableRecipe, pantryIndex(pantry as never, staples as never), prices);
        expect(c.coverage >= 0 && c.coverage <= 1).toBe(true);
      }),
    );
  });
});

describe('bad input', () => {
  it('a pantry of 1,000 items, most of them unrelated or in units that do not convert, changes nothing else', () => {
    const noise: PantryHolding[] = Array.from({ length: 997 }, (_, i) =>
      held(i % 2 === 0 ? 1000 + i : null, `thing ${i}`, i + 1, i % 3 === 0 ? 'jar' : 'g'),
    );
    const pantry = [
      ...noise,
      held(MINCE, 'mince', 2, 'jar'),
      held(EGG, 'egg', 2, 'piece'),
      held(MILK, 'milk', 1, 'L'),
    ];
    const c = recipeCoverage(recipe, pantryIndex(pantry), prices);
    // The mince in jars is not guessed at: still 500 g short.
    expect(c.missing.map((l) => [l.name, l.buy])).toEqual([
      ['lean beef mince', 500],
      ['salt', 5],
    ]);
    expect(c.coverage).toBeCloseTo(2 / 4);
  });
});

describe('short', () => {
  it('counts the missing lines without making them', () => {
    fc.assert(
      fc.property(recipeArb, fc.array(holdingArb, { maxLength: 6 }), (r, pantry) => {
        const c = recipeCoverage(r, pantryIndex(pantry.map(toHolding)), prices);
        expect(c.short).toBe(c.missing.length);
      }),
    );
  });
});
