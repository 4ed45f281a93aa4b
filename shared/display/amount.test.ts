import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../quantity/parse.ts';
import {
  countedAs,
  displayAmount,
  fieldUnit,
  formatAmountText,
  formatBaseAmount,
  formatLeftover,
} from './amount.ts';

const text = (q: number, unit: string | null, name: string): string => displayAmount(q, unit, name).text;

describe('displayAmount: the QA cases, with the seed recipes’ own lines', () => {
  it('keeps spoons the seed wrote (Chicken laksa, Anzac biscuits, Damper, Pavlova)', () => {
    expect(text(2, 'tsp', 'brown sugar')).toBe('2 tsp');
    expect(text(2, 'tbsp', 'honey')).toBe('2 tbsp');
    expect(text(1, 'tbsp', 'plain flour')).toBe('1 tbsp');
    expect(text(2, 'tsp', 'cornflour')).toBe('2 tsp');
    expect(text(2, 'tsp', 'sesame seed')).toBe('2 tsp');
    expect(text(1, 'tsp', 'honey')).toBe('1 tsp');
    expect(text(1, 'tsp', 'white sugar')).toBe('1 tsp');
    expect(displayAmount(2, 'tsp', 'brown sugar')).toEqual({ quantity: 2, unit: 'tsp', text: '2 tsp' });
  });

  it('never shows grams with fractions after rescaling (was "130 1/4 g butter")', () => {
    expect(text(130.25, null, 'butter')).toBe('130 g');
    expect(text(125 * 1.5, null, 'butter')).toBe('188 g');
    expect(text(20, 'g', 'butter')).toBe('20 g');
    expect(text(300 * 0.77, 'mL', 'thickened cream')).toBe('231 mL');
  });
});

describe('displayAmount: choosing the unit', () => {
  it('keeps a written unit that is preferred', () => {
    expect(text(750, null, 'beef mince')).toBe('750 g');
    expect(text(4, 'cup', 'chicken stock')).toBe('4 cups');
    expect(text(3, 'tbsp', 'canola oil')).toBe('3 tbsp');
    expect(text(1, 'L', 'chicken stock')).toBe('1 L');
  });

  it('keeps a written unit that is not preferred when it reads well', () => {
    // thickened cream prefers cups, but 300 mL is how it is sold and exact.
    expect(text(300, 'mL', 'thickened cream')).toBe('300 mL');
    // milk prefers cups, but 1/8 cup is not a measure.
    expect(text(2, 'tbsp', 'full-cream milk')).toBe('2 tbsp');
    expect(text(1.4, 'kg', 'passata')).toBe('1.4 kg');
  });

  it('uses spoons under 1/4 cup (was "1/8 cup plain flour")', () => {
    expect(text(0.125, 'cup', 'plain flour')).toBe('1 1/2 tbsp');
    expect(text(0.5 / 4, 'cup', 'cheddar')).toBe('1 1/2 tbsp');
    expect(text(0.75 / 4, 'cup', 'brown sugar')).toBe('2 1/3 tbsp');
    expect(text(0.25 / 4, 'cup', 'full-cream milk')).toBe('3 tsp');
    expect(text(0.04, 'cup', 'brown sugar')).toBe('2 tsp');
    expect(text(0.5, 'tbsp', 'honey')).toBe('2 tsp');
  });

  it('moves to the next measure when the number grows or shrinks', () => {
    expect(text(1 / 4, 'tbsp', 'honey')).toBe('1 tsp');
    expect(text(9, 'tbsp', 'olive oil')).toBe('3/4 cup');
    expect(text(8, 'tsp', 'ground cumin')).toBe('2 tbsp');
    expect(text(1.5, 'cup', 'milk')).toBe('1 1/2 cups');
  });

  it('shows thousands of grams as kg and under 1 kg as g', () => {
    expect(text(2000, 'g', 'beef mince')).toBe('2 kg');
    expect(text(750 * 1.5, null, 'beef mince')).toBe('1.13 kg');
    expect(text(1.2 * 0.25, 'kg', 'potato')).toBe('300 g');
    expect(text(1500, 'mL', 'water')).toBe('1.5 L');
    expect(text(0.25, 'L', 'chicken stock')).toBe('250 mL');
  });

  it('converts between mass and volume through the ingredient’s weights', () => {
    // Oil prefers tbsp, cup or mL (spec 9): grams of it show in those.
    expect(text(40, 'g', 'olive oil')).toBe('40 mL');
    // Too little to weigh: salt at 5 g per tsp (spec 9).
    expect(text(0.625, 'g', 'salt')).toBe('1/8 tsp');
    expect(text(0.625, 'mL', 'vanilla extract')).toBe('1/8 tsp');
    // A written volume is a kitchen measure already.
    expect(text(2, 'cup', 'cabbage')).toBe('2 cups');
  });

  it('keeps count units and shows pieces as the number alone', () => {
    expect(text(3, 'clove', 'garlic')).toBe('3 cloves');
    expect(text(1, 'handful', 'basil')).toBe('1 handful');
    expect(text(4, 'sprig', 'mint')).toBe('4 sprigs');
    expect(displayAmount(4, 'sprig', 'mint').unit).toBe('sprig');
    expect(text(2, 'piece', 'egg')).toBe('2');
    expect(text(0.5, 'piece', 'red onion')).toBe('1/2');
    expect(text(1, 'medium', 'brown onion')).toBe('1');
    expect(text(2, 'can', 'tinned tomatoes')).toBe('2 cans');
  });

  it('reads any spelling of the unit', () => {
    expect(text(2, 'Tablespoons', 'honey')).toBe('2 tbsp');
    expect(text(1, 'teaspoon', 'brown sugar')).toBe('1 tsp');
    expect(text(250, 'grams', 'butter')).toBe('250 g');
  });

  it('shows nothing for no amount, so the caller shows the written text', () => {
    expect(displayAmount(parseQuantity('to taste'), null, 'black pepper')).toEqual({
      quantity: 0,
      unit: null,
      text: '',
    });
    expect(displayAmount(Number.NaN, 'cup', 'milk')).toEqual({ quantity: 0, unit: 'cup', text: '' });
    expect(displayAmount(-2, 'tsp', 'salt').text).toBe('');
    expect(displayAmount(Number.POSITIVE_INFINITY, 'g', 'salt').text).toBe('');
  });

  it('never shows 0 for a tiny amount', () => {
    expect(text(0.04, 'tsp', 'salt')).not.toMatch(/^0 /);
    expect(text(0.001, 'g', 'salt')).toBe('0.01 g');
    expect(text(0.3, 'g', 'beef mince')).toBe('0.3 g');
    expect(text(2.5, 'g', 'dried yeast')).toBe('2.5 g');
  });
});

describe('formatAmountText', () => {
  it('formats metric without fractions', () => {
    expect(formatAmountText(130.25, 'g')).toBe('130 g');
    expect(formatAmountText(130.25, null)).toBe('130 g');
    expect(formatAmountText(249.6, 'mL')).toBe('250 mL');
    expect(formatAmountText(1.25, 'kg')).toBe('1.25 kg');
    expect(formatAmountText(1.2, 'L')).toBe('1.2 L');
    expect(formatAmountText(12.345, 'kg')).toBe('12.3 kg');
    expect(formatAmountText(0.004, 'kg')).toBe('0.01 kg');
  });

  it('formats measures and counts with fractions and plurals', () => {
    expect(formatAmountText(1.5, 'cup')).toBe('1 1/2 cups');
    expect(formatAmountText(1, 'cup')).toBe('1 cup');
    expect(formatAmountText(0.04, 'cup')).toBe('0.04 cup');
    expect(formatAmountText(3, 'piece')).toBe('3');
    expect(formatAmountText(2, 'spring')).toBe('2 sprigs');
    expect(formatAmountText(2, 'leaves')).toBe('2 leaves');
  });

  it('gives an empty string for no amount', () => {
    expect(formatAmountText(0, 'g')).toBe('');
    expect(formatAmountText(Number.NaN, 'g')).toBe('');
    expect(formatAmountText('2' as unknown as number, 'g')).toBe('');
  });
});

const UNITS = ['g', 'kg', 'mL', 'L', 'tsp', 'tbsp', 'cup', 'clove', 'piece', 'sprig', 'pinch', 'can', null];
const NAMES = [
  'brown sugar',
  'honey',
  'plain flour',
  'butter',
  'salt',
  'olive oil',
  'milk',
  'egg',
  'beef mince',
];
const positive = fc.double({ min: 1e-6, max: 1e7, noNaN: true });
const unitArb = fc.oneof(fc.constantFrom(...UNITS), fc.string());
const nameArb = fc.oneof(fc.constantFrom(...NAMES), fc.string());

describe('displayAmount and formatAmountText properties', () => {
  it('never show 0, NaN, Infinity or undefined for a positive amount', () => {
    fc.assert(
      fc.property(positive, unitArb, nameArb, (q, unit, name) => {
        const shown = displayAmount(q, unit, name);
        const bad = /^0(?:\s|$)|NaN|Infinity|undefined|null/;
        return (
          shown.text !== '' &&
          !bad.test(shown.text) &&
          Number.isFinite(shown.quantity) &&
          shown.quantity > 0 &&
          typeof shown.unit === 'string' &&
          !bad.test(formatAmountText(q, unit))
        );
      }),
    );
  });

  it('show a number that reads back close to the amount in the unit shown', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 5000, noNaN: true }),
        fc.constantFrom(...UNITS),
        fc.constantFrom(...NAMES),
        (q, unit, name) => {
          const shown = displayAmount(q, unit, name);
          const number = parseQuantity(
            shown.text
              .split(' ')
              .slice(0, shown.text.match(/^\d+ \d+\//) ? 2 : 1)
              .join(' '),
          );
          return number > 0 && Math.abs(number - shown.quantity) <= Math.max(0.06, shown.quantity * 0.05);
        },
      ),
    );
  });

  it('total on any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (q, unit, name) => {
        const shown = displayAmount(q as number, unit as string, name as string);
        return typeof shown.text === 'string' && !/NaN|Infinity|undefined/.test(shown.text);
      }),
    );
  });
});

describe('units that are names of object properties', () => {
  it("show '__proto__' and 'constructor' as the unknown units they are (fast-check found it)", () => {
    for (const unit of ['__proto__', 'constructor', 'toString']) {
      const shown = displayAmount(0.000001, unit, '');
      expect(typeof shown.unit).toBe('string');
      expect(shown.text).not.toMatch(/undefined|object/);
    }
  });
});

describe('formatBaseAmount', () => {
  it('shows items as a count and other units as they are', () => {
    expect(formatBaseAmount(600, 'g')).toBe('600 g');
    expect(formatBaseAmount(4, 'each')).toBe('4');
    expect(formatBaseAmount(4, null)).toBe('4');
    expect(formatBaseAmount(2, 'jar')).toBe('2 jars');
  });
  it('names an item as the converter counts it: slices of bread, heads of lettuce', () => {
    // "sourdough bread · 12" read as a dozen loaves.
    expect(formatBaseAmount(12, 'each', 'sourdough bread')).toBe('12 slices');
    expect(formatBaseAmount(1, null, 'iceberg lettuce')).toBe('1 head');
    expect(formatBaseAmount(4, 'each', 'avocado')).toBe('4');
    expect(formatBaseAmount(600, 'g', 'sourdough bread')).toBe('600 g');
    expect(countedAs('piece', 'bacon')).toBe('slice');
    expect(countedAs(' ', 'puff pastry')).toBe('sheet');
    expect(countedAs('cup', 'sourdough bread')).toBe('cup');
  });
  it('shows thousands of grams and millilitres as kg and L', () => {
    expect(formatBaseAmount(1960, 'mL')).toBe('1.96 L');
    expect(formatBaseAmount(1500, 'g')).toBe('1.5 kg');
    expect(formatBaseAmount(999, 'g')).toBe('999 g');
  });
});

describe('fieldUnit', () => {
  it('says what a count is counted in: slices of bread, each for an avocado', () => {
    // Put-away's field read "sourdough bread (each)" for 24 slices.
    expect(fieldUnit('each', 'sourdough bread')).toBe('slices');
    expect(fieldUnit('each', 'iceberg lettuce')).toBe('heads');
    expect(fieldUnit('each', 'avocado')).toBe('each');
    expect(fieldUnit('g', 'sourdough bread')).toBe('g');
    expect(fieldUnit('piece', 'avocado')).toBe('each');
  });
});

describe('formatLeftover', () => {
  it('counts whole things, about when a pack sold by weight leaves part of one', () => {
    expect(formatLeftover(4.6, 'each')).toBe('about 5');
    expect(formatLeftover(4.4, null)).toBe('about 4');
    expect(formatLeftover(3, 'each')).toBe('3');
    expect(formatLeftover(0.3, 'each')).toBe('less than 1');
    expect(formatLeftover(11.2, 'each', 'sourdough bread')).toBe('about 11 slices');
    expect(formatLeftover(0.3, 'each', 'bacon')).toBe('less than 1 slice');
    expect(formatLeftover(2, 'each', 'puff pastry')).toBe('2 sheets');
  });
  it('leaves weights and volumes as the list shows them', () => {
    expect(formatLeftover(892, 'g')).toBe('892 g');
    expect(formatLeftover(1500, 'mL')).toBe('1.5 L');
  });
});
