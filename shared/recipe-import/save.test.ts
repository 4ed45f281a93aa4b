import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/index.ts';
import { importPayload, type LineChoice } from './save.ts';
import type { ImportedRecipe } from './schema-org.ts';

const damper: ImportedRecipe = {
  name: 'Damper',
  description: null,
  ingredients: ['3 cups self-raising flour', 'a little love'],
  steps: ['Mix.', 'Bake.'],
  portions: 6,
  duration: 40,
  author: 'A. Baker',
  image: null,
  tags: ['bread', 'dinner'],
  sourceUrl: 'https://example.test/damper',
  sourceId: null,
};
const flour: LineChoice = {
  kind: 'ingredient',
  ingredientId: 3,
  quantity: '3',
  measurementId: 9,
  note: null,
};

describe('importPayload', () => {
  it('splits matched lines from lines kept as text, and keys the recipe by its address', () => {
    const result = importPayload(damper, 'web', [flour, { kind: 'text', text: 'a little love' }]);
    expect(result).toEqual({
      ok: true,
      payload: {
        recipe: expect.objectContaining({
          name: 'Damper',
          source_url: 'https://example.test/damper',
          source_author: 'A. Baker',
          import_source: 'web',
          import_source_id: 'https://example.test/damper',
          text_lines: ['a little love'],
          tags: ['bread', 'dinner'],
          meal_type: 'dinner',
        }),
        lines: [{ ingredient_id: 3, quantity: '3', measurement_id: 9, note: null }],
      },
    });
  });

  it('keys a recipe without id or address by its name, and drops an address that is not http', () => {
    const result = importPayload({ ...damper, sourceUrl: 'javascript:alert(1)' }, 'paprika', []);
    expect(result.ok && result.payload.recipe).toMatchObject({
      source_url: null,
      import_source_id: 'name:damper',
    });
  });

  it('refuses what is over a limit, naming the recipe and the field', () => {
    const result = importPayload(
      { ...damper, steps: ['Mix.', 'x'.repeat(LIMITS.recipeStep.max + 1)] },
      'mealie',
      [
        { ...flour, note: 'n'.repeat(LIMITS.lineNote.max + 1) },
        { ...flour, quantity: 'lots' },
      ],
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        `"Damper": step 2 is longer than ${LIMITS.recipeStep.max} characters.`,
        `"Damper": ingredient line 1's note is longer than ${LIMITS.lineNote.max} characters.`,
        `"Damper": ingredient line 2's quantity "lots" is not an amount Larder can use.`,
      ],
    });
  });

  it('refuses 10,000 lines', () => {
    const result = importPayload(damper, 'paprika', Array(10_000).fill(flour));
    expect(result.ok ? [] : result.problems).toEqual([
      `"Damper": ingredients has more than ${LIMITS.recipeImportLines.max} lines.`,
    ]);
  });

  it('never throws, and what it accepts is within every limit', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), fc.option(fc.string()), (name, steps, author) => {
        const result = importPayload({ ...damper, name, steps, author }, 'schema-org', []);
        if (!result.ok) return;
        const r = result.payload.recipe;
        expect([...r.name].length).toBeLessThanOrEqual(LIMITS.recipeName.max);
        expect(r.name.trim()).not.toBe('');
        expect(r.steps.length).toBeLessThanOrEqual(LIMITS.recipeSteps.max);
        expect([...r.import_source_id].length).toBeLessThanOrEqual(LIMITS.recipeSourceId.max);
      }),
    );
  });
});
