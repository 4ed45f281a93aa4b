import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from '../../../../shared/mod.ts';
import { lineChoices, needsCheck, type PreviewRecipe, reviewLines } from './review.ts';

const flour = { id: 3, name: 'plain flour' };
const line = (text: string, match: PreviewRecipe['lines'][number]['match']) => ({
  ...parseIngredientLine(text),
  match,
});
const recipe = (lines: PreviewRecipe['lines']): PreviewRecipe => ({
  name: 'Scones',
  description: null,
  ingredients: lines.map((l) => l.text),
  steps: [],
  portions: null,
  duration: null,
  author: null,
  image: null,
  tags: [],
  sourceUrl: null,
  sourceId: null,
  lines,
});
const units = [
  { id: 1, name: 'cup' },
  { id: 2, name: 'g' },
];

describe('the review of an imported recipe', () => {
  it('keeps unmatched and unread lines as text, and marks unsure matches to check', () => {
    const lines = reviewLines(
      recipe([
        line('2 cups plain flour', { ingredient: flour, confidence: 1 }),
        line('1 cup fancy flour blend', { ingredient: flour, confidence: 0.4 }),
        line('a little love', null),
      ]),
    );
    expect(lines.map((l) => [l.asText, needsCheck(l)])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
  });

  it('saves a matched line with its unit’s measurement, and text as written', () => {
    const lines = reviewLines(
      recipe([
        line('2 cups plain flour, sifted', { ingredient: flour, confidence: 1 }),
        line('a little love', null),
      ]),
    );
    expect(lineChoices(lines, units)).toEqual([
      { kind: 'ingredient', ingredientId: 3, quantity: '2', measurementId: 1, note: 'sifted' },
      { kind: 'text', text: 'a little love' },
    ]);
  });

  it('keeps a line as text when Larder has no measurement for its unit, rather than read it as grams', () => {
    const lines = reviewLines(recipe([line('2 cups plain flour', { ingredient: flour, confidence: 1 })]));
    expect(lineChoices(lines, [{ id: 2, name: 'g' }])).toEqual([
      { kind: 'text', text: '2 cups plain flour' },
    ]);
  });
});
