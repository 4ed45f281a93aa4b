import { describe, expect, it } from 'vitest';
import { testRecipe } from '../../testing/recipes.ts';
import {
  defaultUnit,
  emptyLine,
  lineErrorKey,
  lineFromText,
  MISSING_INGREDIENT,
  readDraft,
  toDraft,
} from './draft.ts';

const ingredients = [
  { id: 1, name: 'egg' },
  { id: 2, name: 'salt' },
];
const units = ['g', 'piece', 'cup', 'tsp', 'clove'].map((name, i) => ({ id: i + 1, name }));

describe('lineFromText: a line an import kept as text, as an ingredient line to finish', () => {
  const cases: [string, [string, string, string, string]][] = [
    ['1 egg', ['egg', '1', 'piece', '']],
    ['250g butter, softened', ['butter', '250', '', 'softened']],
    ['salt, to taste', ['salt', '', '', 'to taste']],
    // No measurement for bunches here: the amount goes in the note, not read as 2 g.
    ['2 bunches coriander', ['coriander', '', '', '2 bunch']],
  ];
  it.each(cases)('%s', (text, expected) => {
    const line = lineFromText(text, ingredients, units);
    expect([line.ingredient, line.quantity, line.unit, line.note]).toEqual(expected);
  });
  it('keeps the lines still kept as text when saving', () => {
    const draft = { ...toDraft(undefined), name: 'Toast', lines: [], textLines: ['a little love'] };
    const read = readDraft(draft, ingredients, units);
    expect(read.ok && read.input.text_lines).toEqual(['a little love']);
  });
});

describe('readDraft (issue 15: 1, 11)', () => {
  it('keeps the meal a recipe is for, and nothing that is not a meal of the day', () => {
    const draft = { ...toDraft(undefined), name: 'Toast', lines: [] };
    const meal = (mealType: string) => {
      const read = readDraft({ ...draft, mealType }, ingredients, units);
      return read.ok ? read.input.meal_type : 'refused';
    };
    expect([meal('lunch'), meal(''), meal('elevenses')]).toEqual(['lunch', null, null]);
    expect(toDraft({ ...testRecipe({ id: 'r', name: 'Toast' }), meal_type: 'snack' }).mealType).toBe('snack');
  });

  it('sends what the database stores: names normalised, an empty quantity as null, never ""', () => {
    const draft = {
      ...toDraft(undefined),
      name: '  Fried   egg ',
      portions: '',
      duration: '5',
      steps: 'Crack.\n\n Fry. ',
      tags: 'Quick, breakfast,, quick',
      mealType: 'breakfast',
      lines: [
        { ...emptyLine(), ingredient: ' Egg ', quantity: ' 2 ', unit: 'piece' },
        { ...emptyLine(), ingredient: 'salt', quantity: '' },
        emptyLine(),
      ],
    };
    expect(readDraft(draft, ingredients, units)).toEqual({
      ok: true,
      input: {
        name: 'Fried egg',
        portions: null,
        duration: 5,
        description: null,
        steps: ['Crack.', 'Fry.'],
        tags: ['quick', 'breakfast'],
        meal_type: 'breakfast',
        lines: [
          { ingredient_id: 1, quantity: '2', measurement_id: 2, note: null },
          { ingredient_id: 2, quantity: null, measurement_id: null, note: null },
        ],
        text_lines: [],
      },
    });
  });
});

describe('readDraft, lines', () => {
  it('does not drop a quantity typed without its ingredient unseen', () => {
    const line = { ...emptyLine(), quantity: '2' };
    const draft = { ...toDraft(undefined), name: 'Toast', lines: [line] };
    expect(readDraft(draft, ingredients, units)).toEqual({
      ok: false,
      errors: { [lineErrorKey(line.key, 'ingredient')]: MISSING_INGREDIENT },
    });
  });
});

describe('defaultUnit (issue 15: 9)', () => {
  it('counts eggs, spoons salt, weighs flour, and falls back to grams for units the list lacks', () => {
    expect(defaultUnit('egg', units)).toBe('piece');
    expect(defaultUnit('salt', units)).toBe('tsp');
    expect(defaultUnit('plain flour', units)).toBe('');
    expect(defaultUnit('milk', units)).toBe('cup');
    expect(defaultUnit('olive oil', units)).toBe('');
    expect(defaultUnit('garlic', units)).toBe('clove');
  });
});
