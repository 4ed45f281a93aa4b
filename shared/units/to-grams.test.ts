import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_FACTORS } from './factors.ts';
import { toGrams } from './to-grams.ts';

/** A name no data table knows, so spec 9's default factors apply. */
const UNKNOWN = 'zzz unknown thing';

describe('toGrams: spec 5 ingredient quantities', () => {
  it('uses quantities in grams directly, whatever the ingredient', () => {
    expect(toGrams(200, 'g', 'plain flour')).toBe(200);
    expect(toGrams(200, 'g', 'egg')).toBe(200);
    expect(toGrams(1.5, 'kg', 'potato')).toBe(1500);
  });

  it('reads a missing unit as grams', () => {
    expect(toGrams(120, null, 'egg')).toBe(120);
    expect(toGrams(120, undefined, 'brown onion')).toBe(120);
    expect(toGrams(120, '', 'salt')).toBe(120);
    expect(toGrams(120, '  ', 'salt')).toBe(120);
  });

  it('converts other units through the ingredient name', () => {
    expect(toGrams(1, 'piece', 'brown onion')).toBe(180);
    expect(toGrams(1, 'piece', UNKNOWN)).toBe(1);
  });
});

describe('toGrams: spec 9 default unit-to-gram factors', () => {
  // The spec's three lines, as written there.
  const specText = [
    'mL 1, L 1000, tsp 5, tbsp 20, cup 250, g 1, kg 1000.',
    'clove 5, piece 1, packet 1, slice 1, can 400, bunch 100, head 300.',
    'stick 125, fillet 150, stalk 50, spring 10, sheet 1, pinch 0.3, handful 30, unit 50.',
  ].join(' ');
  const spec: Record<string, number> = Object.fromEntries(
    [...specText.matchAll(/(\w+) (\d+(?:\.\d+)?)/g)].map(([, unit, factor]) => [unit, Number(factor)]),
  );

  it('holds exactly the spec table', () => {
    expect(DEFAULT_UNIT_FACTORS).toEqual(spec);
  });

  for (const [unit, factor] of Object.entries(spec)) {
    it(`1 ${unit} of an unknown ingredient is ${factor} g, 3 are ${3 * factor} g`, () => {
      expect(toGrams(1, unit, UNKNOWN)).toBeCloseTo(factor, 10);
      expect(toGrams(3, unit, UNKNOWN)).toBeCloseTo(3 * factor, 10);
    });
  }

  it("accepts 'sprig' for spec 9's 'spring'", () => {
    expect(toGrams(2, 'sprig', UNKNOWN)).toBe(20);
    expect(toGrams(2, 'sprigs', UNKNOWN)).toBe(20);
  });

  it('matches unit spellings case-insensitively, with plurals and long names', () => {
    expect(toGrams(2, 'Tablespoons', UNKNOWN)).toBe(40);
    expect(toGrams(1, 'teaspoon', UNKNOWN)).toBe(5);
    expect(toGrams(2, 'cups', UNKNOWN)).toBe(500);
    expect(toGrams(1, 'ml', UNKNOWN)).toBe(1);
    expect(toGrams(1, 'l', UNKNOWN)).toBe(1000);
    expect(toGrams(1, 'litre', UNKNOWN)).toBe(1000);
    expect(toGrams(2, 'grams', UNKNOWN)).toBe(2);
    expect(toGrams(1, 'tbsp.', UNKNOWN)).toBe(20);
  });

  it('uses 1 g for a unit spec 9 does not list, or the per-item weight if known', () => {
    expect(toGrams(2, 'dollop', UNKNOWN)).toBe(2);
    expect(toGrams(2, 'dollop', 'egg')).toBe(100);
  });
});

describe('toGrams: spec 9 ingredient-specific data', () => {
  it('uses the spec teaspoon samples: salt 5, sugar 4, honey 7, butter 5', () => {
    expect(toGrams(1, 'tsp', 'salt')).toBe(5);
    expect(toGrams(1, 'tsp', 'sugar')).toBe(4);
    expect(toGrams(1, 'tsp', 'honey')).toBe(7);
    expect(toGrams(1, 'tsp', 'butter')).toBe(5);
    expect(toGrams(2, 'tsp', 'Salt')).toBe(10);
    // Synonyms reach the samples through their head noun.
    expect(toGrams(1, 'tsp', 'white sugar')).toBe(4);
    expect(toGrams(1, 'tsp', 'table salt')).toBe(5);
    expect(toGrams(1, 'tsp', 'unsalted butter')).toBe(5);
  });

  it('uses per-item weights: egg 50 per piece, brown onion 180, carrot 170, lemon 65, lettuce 400, garlic clove 5', () => {
    expect(toGrams(1, 'piece', 'egg')).toBe(50);
    expect(toGrams(2, 'piece', 'eggs')).toBe(100);
    expect(toGrams(1, 'unit', 'brown onion')).toBe(180);
    expect(toGrams(1, 'piece', 'carrot')).toBe(170);
    expect(toGrams(1, 'piece', 'lemon')).toBe(65);
    expect(toGrams(1, 'piece', 'lettuce')).toBe(400);
    expect(toGrams(1, 'head', 'lettuce')).toBe(400);
    expect(toGrams(3, 'clove', 'garlic')).toBe(15);
    expect(toGrams(1, 'whole', 'lemon')).toBe(65);
  });

  it('uses cup, tbsp and tsp weights for herbs, yoghurt, cheeses, flours, sugars, nuts, rice, lentils', () => {
    // USDA grams per US cup rescaled to the 250 mL cup: flour 125 → 132.1, tbsp = cup × 20/250.
    expect(toGrams(1, 'cup', 'plain flour')).toBeCloseTo(132.1, 1);
    expect(toGrams(1, 'tbsp', 'plain flour')).toBeCloseTo(10.6, 1);
    expect(toGrams(1, 'cup', 'parmesan')).toBeCloseTo(105.7, 1);
    expect(toGrams(1, 'cup', 'greek yoghurt')).toBeCloseTo(239.9, 1);
    expect(toGrams(1, 'cup', 'brown sugar')).toBeCloseTo(232.5, 1);
    expect(toGrams(1, 'cup', 'almonds')).toBeCloseTo(151.1, 1);
    expect(toGrams(1, 'cup', 'basmati rice')).toBeCloseTo(195.5, 1);
    expect(toGrams(1, 'cup', 'red lentils')).toBeCloseTo(202.9, 1);
    expect(toGrams(1, 'cup', 'parsley')).toBeCloseTo(63.4, 1);
    // Anything cup-measured differs from the 250 g default.
    for (const name of [
      'basil',
      'natural yoghurt',
      'cheddar',
      'self-raising flour',
      'icing sugar',
      'walnuts',
      'rice',
    ]) {
      expect(toGrams(1, 'cup', name)).not.toBe(250);
    }
  });

  it('matches names robustly: case, plurals, word order, preparation words, accents', () => {
    const onion = toGrams(1, 'piece', 'brown onion');
    expect(toGrams(1, 'piece', 'Brown Onion')).toBe(onion);
    expect(toGrams(1, 'piece', 'brown onions')).toBe(onion);
    expect(toGrams(1, 'piece', 'onion, brown')).toBe(onion);
    expect(toGrams(1, 'piece', 'Onion, Brown (large)')).toBe(onion);
    expect(toGrams(1, 'piece', 'brown onion, finely chopped')).toBe(onion);
    expect(toGrams(1, 'piece', 'finely chopped brown onion')).toBe(onion);
    expect(toGrams(1, 'tbsp', 'extra virgin olive oil')).toBe(toGrams(1, 'tbsp', 'olive oil'));
    expect(toGrams(1, 'piece', 'garlic clove')).toBe(5);
    expect(toGrams(1, 'piece', 'cloves garlic')).toBe(5);
    expect(toGrams(1, 'piece', 'tomatoes')).toBe(123);
    expect(toGrams(1, 'cup', 'Self-Raising Flour')).toBe(toGrams(1, 'cup', 'self raising flour'));
    expect(toGrams(1, 'tsp', 'jalapeño')).toBe(5);
  });

  it('does not let a modifier stand for the head noun', () => {
    // 'egg noodles' are not eggs: defaults apply.
    expect(toGrams(1, 'piece', 'egg noodles')).toBe(1);
    // Lime leaves are not limes; basil leaves are basil.
    expect(toGrams(1, 'piece', 'kaffir lime leaves')).toBe(0.2);
    expect(toGrams(1, 'cup', 'basil leaves')).toBe(toGrams(1, 'cup', 'basil'));
    expect(toGrams(1, 'piece', 'egg yolk')).toBe(17);
    // 'peanut butter' has its own spoon weight, not butter's.
    expect(toGrams(1, 'tsp', 'peanut butter')).not.toBe(toGrams(1, 'tsp', 'butter'));
  });

  it('lets a qualified name borrow the data of its head noun', () => {
    expect(toGrams(1, 'cup', 'brown onion')).toBe(toGrams(1, 'cup', 'onion'));
    expect(toGrams(1, 'cup', 'onion')).not.toBe(250);
  });
});

describe('toGrams: bad input', () => {
  it('gives 0 for negative, NaN, infinite or non-number quantities', () => {
    expect(toGrams(-1, 'cup', 'flour')).toBe(0);
    expect(toGrams(Number.NaN, 'cup', 'flour')).toBe(0);
    expect(toGrams(Number.POSITIVE_INFINITY, 'g', 'flour')).toBe(0);
    expect(toGrams('2' as unknown as number, 'g', 'flour')).toBe(0);
  });

  it('tolerates non-string units and names', () => {
    expect(toGrams(2, 5 as unknown as string, 'flour')).toBe(2);
    expect(toGrams(2, 'piece', null as unknown as string)).toBe(2);
  });
});

describe('toGrams with an own ingredient’s weights (issue 20)', () => {
  it('weighs counted units and volumes by what the person said', () => {
    expect(toGrams(2, 'piece', 'Nonna’s meatball', { grams_per_each: 45 })).toBe(90);
    expect(toGrams(3, 'each', 'Nonna’s meatball', { grams_per_each: '45' })).toBe(135);
    expect(toGrams(1, 'cup', 'Nonna’s passata', { grams_per_ml: 1.04 })).toBeCloseTo(260);
    expect(toGrams(2, 'tbsp', 'Nonna’s passata', { grams_per_ml: 1.04 })).toBeCloseTo(41.6);
  });
  it('falls back to Larder’s tables when a weight is missing, zero or nonsense', () => {
    expect(toGrams(2, 'piece', 'egg', { grams_per_each: null })).toBe(toGrams(2, 'piece', 'egg'));
    expect(toGrams(1, 'cup', 'milk', { grams_per_ml: 0 })).toBe(toGrams(1, 'cup', 'milk'));
    expect(toGrams(1, 'cup', 'milk', { grams_per_ml: 'x' })).toBe(toGrams(1, 'cup', 'milk'));
    expect(toGrams(1, 'clove', 'garlic', { grams_per_each: 40 })).toBe(toGrams(1, 'clove', 'garlic'));
    expect(toGrams(100, 'g', 'anything', { grams_per_ml: 2 })).toBe(100);
  });
});
