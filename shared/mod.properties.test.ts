import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricedLine, RecipePrice } from './mod.ts';
import * as mod from './mod.ts';
import { MEASUREMENT_NAMES } from './units/measurements.ts';

/** Anything at all: strings, numbers (incl. NaN, ±Infinity, -0), null, undefined, objects, arrays. */
const anything = fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true });
const numberish = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 1e308),
  fc.string(),
  fc.constantFrom('1/2', '1 1/2', '½', '1½', 'to taste', '2.5', '-3', '1e999', ' 4 ', 'abc', ''),
  fc.constant(null),
);
// Every unit the database has, the spec's own spelling of a sprig, and anything else.
const unitish = fc.oneof(fc.constantFrom(...MEASUREMENT_NAMES, 'spring'), fc.string());
const nameish = fc.oneof(
  fc.constantFrom('salt', 'brown onion', 'Onion, brown', 'egg', 'plain flour', 'olive oil', 'garlic clove'),
  fc.string(),
);
const measureish = fc.oneof(
  fc.constantFrom('500g', '1L', '1.5kg', '250 mL', '12 pack', 'each', '2 x 500g', '0g', '-1kg'),
  fc.string(),
  fc.constant(null),
);
const priceRecordArb = fc.record({
  coles_measure: measureish,
  woolworths_measure: measureish,
  aldi_measure: measureish,
  coles_unit_price_current: numberish,
  woolworths_unit_price_current: numberish,
  aldi_unit_price_current: numberish,
  coles_unit_price_past: numberish,
  woolworths_unit_price_past: numberish,
  aldi_unit_price_past: numberish,
});
const lineArb = fc.record({
  quantity: numberish,
  measurements: fc.option(fc.record({ name: unitish })),
  ingredients: fc.option(
    fc.record({
      id: fc.integer(),
      name: nameish,
      protein: numberish,
      carbs: numberish,
      fats: numberish,
      calories: numberish,
    }),
  ),
  prices: fc.option(priceRecordArb),
}) as fc.Arbitrary<PricedLine>;
const linesArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(lineArb, { maxLength: 15 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(lineArb, anything), { maxLength: 5 }) as fc.Arbitrary<PricedLine[]>,
  },
  { weight: 1, arbitrary: anything as fc.Arbitrary<PricedLine[]> },
);

const finiteNonNegative = (n: unknown): boolean => typeof n === 'number' && Number.isFinite(n) && n >= 0;

function checkPrice(result: RecipePrice): void {
  expect(finiteNonNegative(result.portions) && result.portions > 0).toBe(true);
  expect(finiteNonNegative(result.scale) && result.scale > 0).toBe(true);
  for (const chain of mod.CHAINS) {
    const t = result.chains[chain];
    for (const v of [t.total, t.per_portion, t.past_total, t.priced, t.coverage])
      expect(finiteNonNegative(v)).toBe(true);
    expect(Number.isFinite(t.change_percent)).toBe(true);
    expect(t.coverage).toBeLessThanOrEqual(100);
    expect(t.available).toBe(t.priced > 0 && t.priced === result.lines.length);
  }
  for (const line of result.lines) {
    expect(finiteNonNegative(line.quantity) && finiteNonNegative(line.grams)).toBe(true);
    for (const chain of mod.CHAINS) {
      const p = line.prices[chain];
      if (p.price !== null) expect(finiteNonNegative(p.price)).toBe(true);
      else expect(typeof p.reason).toBe('string');
    }
  }
  if (result.cheapest !== null) expect(result.chains[result.cheapest].available).toBe(true);
}

describe('every export survives arbitrary input (fast-check)', () => {
  it('parseQuantity: always a finite number ≥ 0', () => {
    fc.assert(fc.property(fc.oneof(anything, numberish), (q) => finiteNonNegative(mod.parseQuantity(q))));
  });

  it('formatQuantity: always a non-empty string that parses back to a number ≥ 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), anything), (n) => {
        const s = mod.formatQuantity(n as number);
        return typeof s === 'string' && s !== '' && !s.includes('NaN') && !s.includes('Infinity');
      }),
    );
  });

  it('formatQuantity: a positive amount never prints 0', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: 1e6, noNaN: true }), (n) => {
        const s = mod.formatQuantity(n);
        return s !== '0' && mod.parseQuantity(s) > 0;
      }),
    );
  });

  it('formatQuantity then parseQuantity stays within 0.05 (or the shown precision)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000, noNaN: true }), (n) => {
        const back = mod.parseQuantity(mod.formatQuantity(n));
        return Math.abs(back - n) <= (n < 0.25 ? 0.05 + 1e-9 : 0.05 + 1e-9);
      }),
    );
  });

  it('pluralizeUnit: always a string; unchanged below 1', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), anything), fc.oneof(fc.double(), anything), (u, q) => {
        const s = mod.pluralizeUnit(u as string, q as number);
        if (typeof s !== 'string') return false;
        if (typeof u === 'string' && typeof q === 'number' && q < 1) return s === u.trim();
        return true;
      }),
    );
  });

  it('toGrams: always finite ≥ 0, and linear in the quantity', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), anything),
        fc.oneof(unitish, anything),
        fc.oneof(nameish, anything),
        (q, u, n) => finiteNonNegative(mod.toGrams(q as number, u as string, n as string)),
      ),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), unitish, nameish, (q, u, n) => {
        const one = mod.toGrams(1, u, n);
        return Math.abs(mod.toGrams(q, u, n) - q * one) <= 1e-9 * Math.max(1, q * one);
      }),
    );
  });

  it('preferredUnits: always a non-empty array of strings', () => {
    fc.assert(
      fc.property(fc.oneof(nameish, anything), (n) => {
        const units = mod.preferredUnits(n as string);
        return Array.isArray(units) && units.length > 0 && units.every((u) => typeof u === 'string');
      }),
    );
  });

  it('parsePackMeasure: always finite ≥ 0', () => {
    fc.assert(
      fc.property(fc.oneof(measureish, anything, fc.double()), (m) =>
        finiteNonNegative(mod.parsePackMeasure(m)),
      ),
    );
  });

  it('nutritionPerPortion: always whole numbers ≥ 0', () => {
    fc.assert(
      fc.property(linesArb, fc.oneof(numberish, anything), (lines, portions) => {
        const r = mod.nutritionPerPortion(lines, portions as number);
        return [r.caloriesPerPortion, r.proteinPerPortion, r.carbsPerPortion, r.fatsPerPortion].every(
          (v) => finiteNonNegative(v) && Number.isInteger(v),
        );
      }),
    );
  });

  it('nutritionPerPortion: more portions never give more per portion', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.integer({ min: 1, max: 20 }), (lines, p) => {
        const a = mod.nutritionPerPortion(lines, p);
        const b = mod.nutritionPerPortion(lines, p + 1);
        return b.caloriesPerPortion <= a.caloriesPerPortion && b.proteinPerPortion <= a.proteinPerPortion;
      }),
    );
  });

  it('priceRecipe: never throws, never NaN, Infinity or a negative price', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.oneof(fc.record({ portions: numberish, scale: numberish }), anything),
        (lines, options) => {
          checkPrice(mod.priceRecipe(lines, options as { portions?: number; scale?: number }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('priceRecipe: a chain total is the sum of its line prices (to rounding)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), (lines) => {
        const result = mod.priceRecipe(lines);
        for (const chain of mod.CHAINS) {
          let sum = 0;
          for (const line of result.lines) sum += line.prices[chain].price ?? 0;
          if (sum > 1e12) continue;
          expect(Math.abs(result.chains[chain].total - sum)).toBeLessThanOrEqual(
            0.006 * result.lines.length + 0.01,
          );
        }
      }),
    );
  });

  it('formatDuration: always a string, empty or ending in min/hour(s)', () => {
    fc.assert(
      fc.property(fc.oneof(numberish, anything), (m) => {
        const s = mod.formatDuration(m);
        return s === '' || /^(?:\d+ hours? )?\d+ min$|^\d+ hours?$/.test(s);
      }),
    );
  });

  it('dedupeRecipes: unique names, a subset in order, defaults kept', () => {
    const recipe = fc.record({
      id: fc.nat(),
      name: fc.constantFrom('A', 'a ', 'B', ' b', 'C'),
      is_default: fc.option(fc.boolean()),
    });
    fc.assert(
      fc.property(fc.array(recipe, { maxLength: 20 }), (recipes) => {
        const out = mod.dedupeRecipes(recipes);
        const keys = out.map((r) => r.name.trim().toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(new Set(recipes.map((r) => r.name.trim().toLowerCase())));
        for (const r of out) expect(recipes).toContain(r);
        for (const key of keys) {
          const hasDefault = recipes.some(
            (r) => r.name.trim().toLowerCase() === key && r.is_default === true,
          );
          const kept = out.find((r) => r.name.trim().toLowerCase() === key);
          expect(kept?.is_default === true).toBe(hasDefault);
        }
        expect(mod.dedupeRecipes(out)).toEqual(out);
      }),
    );
    fc.assert(fc.property(anything, (x) => Array.isArray(mod.dedupeRecipes(x as []))));
  });

  it('displayName: always a string without whitespace', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), anything), (n) => /^\S*$/.test(mod.displayName(n))));
  });

  it('mealWindow: eight consecutive ISO dates for any instant and zone', () => {
    const zone = fc.oneof(
      fc.constantFrom('Australia/Sydney', 'UTC', 'Australia/Perth', 'Pacific/Chatham'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01') }), zone, (d, z) => {
        const w = mod.mealWindow(d, z);
        expect(w.dates).toHaveLength(8);
        expect(w.from).toBe(w.dates[0]);
        expect(w.to).toBe(w.dates[7]);
        for (let i = 1; i < 8; i++) {
          const prev = Date.parse(`${w.dates[i - 1]}T00:00:00Z`);
          expect(Date.parse(`${w.dates[i]}T00:00:00Z`) - prev).toBe(86_400_000);
        }
      }),
    );
  });

  it('randomAvatar and avatarUrl: always one of the eight paths', () => {
    const paths = new Set(mod.AVATARS.map((a) => `/avatars/${a}.svg`));
    fc.assert(
      fc.property(fc.oneof(fc.double(), anything), (r) => paths.has(mod.randomAvatar(() => r as number))),
    );
    fc.assert(fc.property(fc.oneof(fc.string(), anything), (a) => paths.has(mod.avatarUrl(a as mod.Avatar))));
  });
});

describe('the helper exports survive arbitrary input too (fast-check)', () => {
  it('no exported function throws, whatever its arguments', () => {
    const fns = Object.entries(mod).filter(([, v]) => typeof v === 'function') as [
      string,
      (...a: unknown[]) => unknown,
    ][];
    expect(fns.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.array(fc.oneof(anything, numberish, nameish), { maxLength: 3 }), (args) => {
        for (const [name, fn] of fns) {
          // randomAvatar calls its argument; give it a function only sometimes.
          const call = name === 'randomAvatar' ? [() => args[0]] : args;
          expect(() => fn(...call), name).not.toThrow();
        }
      }),
      { numRuns: 200 },
    );
  });

  it('canonicalUnit, gramsPerUnit, lineGrams, portionsOrDefault, readPackMeasure, changePercent stay in range', () => {
    fc.assert(
      fc.property(fc.oneof(unitish, anything), fc.oneof(nameish, anything), (u, n) => {
        const c = mod.canonicalUnit(u);
        expect(c === null || (typeof c === 'string' && c !== '')).toBe(true);
        if (c !== null) {
          const g = mod.gramsPerUnit(c, n as string);
          expect(Number.isFinite(g) && g > 0).toBe(true);
        }
      }),
    );
    fc.assert(fc.property(lineArb, (line) => finiteNonNegative(mod.lineGrams(line))));
    fc.assert(
      fc.property(fc.oneof(numberish, anything), (p) => {
        const v = mod.portionsOrDefault(p);
        return Number.isFinite(v) && v > 0;
      }),
    );
    fc.assert(
      fc.property(fc.oneof(measureish, anything, fc.double()), (m) => {
        const r = mod.readPackMeasure(m);
        return r === null || (Number.isFinite(r.amount) && r.amount > 0 && r.factor > 0);
      }),
    );
    fc.assert(fc.property(fc.double(), fc.double(), (a, b) => Number.isFinite(mod.changePercent(a, b))));
  });
});

describe('mod.ts exports CONTRACTS 5', () => {
  it('has every name', () => {
    for (const name of [
      'parseQuantity',
      'formatQuantity',
      'pluralizeUnit',
      'displayAmount',
      'formatAmountText',
      'toGrams',
      'preferredUnits',
      'parsePackMeasure',
      'nutritionPerPortion',
      'priceRecipe',
      'formatDuration',
      'dedupeRecipes',
      'displayName',
      'mealWindow',
      'randomAvatar',
      'avatarUrl',
    ]) {
      expect(typeof (mod as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(mod.AVATARS).toHaveLength(8);
    expect([...mod.CHAINS]).toEqual(['coles', 'woolworths', 'aldi']);
  });
});
