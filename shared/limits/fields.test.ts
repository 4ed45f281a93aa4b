import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../quantity/parse.ts';
import {
  cookNameField,
  durationText,
  emailField,
  energyText,
  gramsPerEachText,
  gramsPerMlText,
  ingredientNameField,
  itemNameField,
  itemQuantityText,
  lineQuantityText,
  newPasswordField,
  nutrientText,
  portionsText,
  readField,
  recipeNameField,
  stepsText,
  tagsText,
  useByField,
} from './fields.ts';
import { LIMITS } from './limits.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { normalizeName } from './normalize-name.ts';
import { isQuantityText } from './quantity-text.ts';

const ok = (value: unknown) => ({ ok: true, value });
const no = (message: string) => ({ ok: false, message });

describe('normalizeName', () => {
  it('trims and makes every inner run of white space one space', () => {
    expect(normalizeName('  red   onion\t\n')).toBe('red onion');
    expect(normalizeName('')).toBe('');
  });
  it('is idempotent and leaves no double spaces or edges (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const once = normalizeName(s);
        return normalizeName(once) === once && !/\s\s/.test(once) && once === once.trim();
      }),
    );
  });
});

describe('the fields a recipe editor reads (issue 15 defects 1, 3, 11)', () => {
  it('portions: a whole number from 1 to 100, empty meaning not given', () => {
    expect(readField(portionsText, '4')).toEqual(ok(4));
    expect(readField(portionsText, ' ')).toEqual(ok(null));
    for (const bad of ['0', '-1', '2.5', '101', 'abc', '1e2'])
      expect(readField(portionsText, bad)).toEqual(no(FIELD_MESSAGES.portions));
  });
  it('time: whole minutes from 0 to 2880', () => {
    expect(readField(durationText, '0')).toEqual(ok(0));
    expect(readField(durationText, '2880')).toEqual(ok(2880));
    for (const bad of ['-5', '2881', '1.5', 'soon'])
      expect(readField(durationText, bad)).toEqual(no(FIELD_MESSAGES.duration));
  });
  it("a line's quantity: 'abc', 0 and absurd amounts are refused; the usual forms pass, normalised", () => {
    for (const good of ['2', '1.5', '1/2', '1 1/2', '½', '1½', '1 ½', 'to taste', 'To Taste', '9999']) {
      expect(readField(lineQuantityText, good).ok, good).toBe(true);
    }
    expect(readField(lineQuantityText, '  1   1/2 ')).toEqual(ok('1 1/2'));
    expect(readField(lineQuantityText, '')).toEqual(ok(null));
    for (const bad of [
      'abc',
      '0',
      '0.0',
      '0/3',
      '1/0',
      '-2',
      '10000',
      '1e3',
      '1,5',
      '2 cups',
      '99999999999',
    ]) {
      expect(readField(lineQuantityText, bad), bad).toEqual(no(FIELD_MESSAGES.lineQuantity));
    }
  });
  it('a recipe name: normalised, 1 to 120 characters', () => {
    expect(readField(recipeNameField, '  Beef   stew ')).toEqual(ok('Beef stew'));
    expect(readField(recipeNameField, '   ')).toEqual(no(FIELD_MESSAGES.recipeNameEmpty));
    expect(readField(recipeNameField, 'é'.repeat(120)).ok).toBe(true);
    expect(readField(recipeNameField, '😀'.repeat(121))).toEqual(no(FIELD_MESSAGES.recipeNameLong));
  });
  it('steps: blank lines dropped, at most 60 of 1000 characters', () => {
    expect(readField(stepsText, 'Boil\n\n  Stir  \n')).toEqual(ok(['Boil', 'Stir']));
    expect(readField(stepsText, 'x\n'.repeat(61))).toEqual(no(FIELD_MESSAGES.steps));
  });
});

describe('pantry and shopping items (issue 15 defects 3, 4)', () => {
  it('a name of 1 to 80 characters', () => {
    expect(readField(itemNameField, 'flour')).toEqual(ok('flour'));
    expect(readField(itemNameField, 'x'.repeat(81))).toEqual(no(FIELD_MESSAGES.itemNameLong));
    expect(readField(itemNameField, ' ')).toEqual(no(FIELD_MESSAGES.itemNameEmpty));
  });
  it('a quantity above 0 and at most 100,000, three decimals kept', () => {
    expect(readField(itemQuantityText, '1 1/2')).toEqual(ok(1.5));
    expect(readField(itemQuantityText, '1/3')).toEqual(ok(0.333));
    expect(readField(itemQuantityText, '')).toEqual(ok(null));
    expect(readField(itemQuantityText, 'a few')).toEqual(no(FIELD_MESSAGES.itemQuantity));
    expect(readField(itemQuantityText, '0')).toEqual(no(FIELD_MESSAGES.itemQuantity));
    expect(readField(itemQuantityText, '100001')).toEqual(no(FIELD_MESSAGES.itemQuantityRange));
    expect(readField(itemQuantityText, '0.0001')).toEqual(no(FIELD_MESSAGES.itemQuantityRange));
  });
});

describe('people', () => {
  it('a cook name of 1 to 60 characters after normalising', () => {
    expect(readField(cookNameField, ' Sam  Lee ')).toEqual(ok('Sam Lee'));
    expect(readField(cookNameField, '')).toEqual(no(FIELD_MESSAGES.cookNameEmpty));
  });
  it('an email with one @ and a dotted domain (defect 7)', () => {
    expect(readField(emailField, ' sam@example.com ')).toEqual(ok('sam@example.com'));
    for (const bad of ['sam', 'sam@', '@example.com', 'sam@example', 'a b@example.com']) {
      expect(readField(emailField, bad), bad).toEqual(no(FIELD_MESSAGES.email));
    }
  });
  it('a password of 6 characters to 72 bytes, as GoTrue counts them', () => {
    expect(readField(newPasswordField, 'secret').ok).toBe(true);
    expect(readField(newPasswordField, 'short')).toEqual(no(FIELD_MESSAGES.passwordShort));
    expect(readField(newPasswordField, 'é'.repeat(37))).toEqual(no(FIELD_MESSAGES.passwordLong));
    expect(readField(newPasswordField, 'é'.repeat(36)).ok).toBe(true);
  });
});

describe('no field accepts what the database would refuse, nor crashes (fast-check)', () => {
  const typed = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      'NaN',
      'Infinity',
      '-0',
      '1e400',
      '½½',
      '1 1/2 1/2',
      '\u0000',
      '  ',
      '9999.999',
      '999 999/1',
    ),
  );
  it('a quantity read from any text is null or a finite number in range', () => {
    fc.assert(
      fc.property(typed, (s) => {
        const r = readField(itemQuantityText, s);
        if (!r.ok) return typeof r.message === 'string' && r.message !== '';
        return (
          r.value === null || (Number.isFinite(r.value) && r.value > 0 && r.value <= LIMITS.itemQuantity.max)
        );
      }),
    );
  });
  it("a line's quantity that passes parses to an amount above 0 and below 10,000, or is 'to taste'", () => {
    fc.assert(
      fc.property(typed, (s) => {
        const r = readField(lineQuantityText, s);
        if (!r.ok || r.value === null) return true;
        if (/^to taste$/i.test(r.value)) return true;
        const n = parseQuantity(r.value);
        return isQuantityText(r.value) && n > 0 && n < 10_000;
      }),
    );
  });
  it('portions and time are whole numbers in range or null', () => {
    fc.assert(
      fc.property(typed, (s) => {
        for (const [field, limit] of [
          [portionsText, LIMITS.portions],
          [durationText, LIMITS.duration],
        ] as const) {
          const r = readField(field, s);
          if (
            r.ok &&
            r.value !== null &&
            !(Number.isInteger(r.value) && r.value >= limit.min && r.value <= limit.max)
          ) {
            return false;
          }
        }
        return true;
      }),
    );
  });
});

describe('useByField', () => {
  it("reads a date input's day, or nothing when empty", () => {
    expect(readField(useByField, '2026-12-01')).toEqual(ok('2026-12-01'));
    expect(readField(useByField, ' ')).toEqual(ok(null));
    expect(readField(useByField, LIMITS.useBy.max)).toEqual(ok(LIMITS.useBy.max));
  });
  it('refuses a day that does not exist or is outside this century', () => {
    for (const day of ['2026-02-30', '2026-13-01', '1999-12-31', '2100-01-01', 'tomorrow', '1/12/2026'])
      expect(readField(useByField, day), day).toEqual(no(FIELD_MESSAGES.useBy));
  });
});

describe('tagsText', () => {
  it('reads comma-separated tags lower case, without blanks or repeats', () => {
    expect(readField(tagsText, ' Quick,  family   favourite ,,quick ')).toEqual(
      ok(['quick', 'family favourite']),
    );
    expect(readField(tagsText, '')).toEqual(ok([]));
  });
  it('refuses more tags, or a longer tag, than the limits', () => {
    const many = Array.from({ length: LIMITS.recipeTags.max + 1 }, (_, i) => `t${i}`).join(',');
    expect(readField(tagsText, many)).toEqual(no(FIELD_MESSAGES.tags));
    expect(readField(tagsText, 'x'.repeat(LIMITS.recipeTag.max))).toEqual(
      ok(['x'.repeat(LIMITS.recipeTag.max)]),
    );
    expect(readField(tagsText, 'x'.repeat(LIMITS.recipeTag.max + 1))).toEqual(no(FIELD_MESSAGES.tags));
  });
});

describe('own ingredient fields (issue 20)', () => {
  it('reads nutrition per 100 g within 0–100 g and 0–900 kcal, required', () => {
    expect(readField(nutrientText, ' 12.5 ')).toEqual(ok(12.5));
    expect(readField(nutrientText, '0')).toEqual(ok(0));
    expect(readField(nutrientText, '100')).toEqual(ok(100));
    expect(readField(nutrientText, '100.1')).toEqual(no(FIELD_MESSAGES.nutrient));
    expect(readField(nutrientText, '')).toEqual(no(FIELD_MESSAGES.nutrient));
    expect(readField(nutrientText, '-1')).toEqual(no(FIELD_MESSAGES.nutrient));
    expect(readField(energyText, '900')).toEqual(ok(900));
    expect(readField(energyText, '901')).toEqual(no(FIELD_MESSAGES.energy));
  });
  it('reads the optional weights, empty as null, within their limits', () => {
    expect(readField(gramsPerEachText, '')).toEqual(ok(null));
    expect(readField(gramsPerEachText, '0')).toEqual(no(FIELD_MESSAGES.gramsPerEach));
    expect(readField(gramsPerEachText, String(LIMITS.gramsPerEach.max))).toEqual(ok(LIMITS.gramsPerEach.max));
    expect(readField(gramsPerMlText, '1,03')).toEqual(ok(1.03));
    expect(readField(gramsPerMlText, '0.05')).toEqual(no(FIELD_MESSAGES.gramsPerMl));
    expect(readField(gramsPerMlText, '3.5')).toEqual(no(FIELD_MESSAGES.gramsPerMl));
  });
  it('reads a name as stored, within 80 characters', () => {
    expect(readField(ingredientNameField, '  Nonna’s   passata ')).toEqual(ok('Nonna’s passata'));
    expect(readField(ingredientNameField, ' ')).toEqual(no(FIELD_MESSAGES.ingredientNameEmpty));
    expect(readField(ingredientNameField, 'x'.repeat(81))).toEqual(no(FIELD_MESSAGES.ingredientNameLong));
  });
});
