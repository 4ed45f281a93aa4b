import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readField, tagsText } from '../limits/fields.ts';
import { LIMITS } from '../limits/limits.ts';
import { importedTags, mealTypeOf } from './tags.ts';

describe('importedTags', () => {
  it('takes categories, cuisines and keywords in order, as the editor stores tags', () => {
    expect(
      importedTags(
        ['Dinner', ['Thai', { name: 'Quick &amp; easy' }], 'green curry, Weeknight ,, dinner', [{ name: 5 }]],
        'Green curry',
      ),
    ).toEqual(['dinner', 'thai', 'quick & easy', 'weeknight']);
  });

  it('drops a tag too long to keep and keeps only as many as a recipe may have', () => {
    const many = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    expect(importedTags(['x'.repeat(LIMITS.recipeTag.max + 1), ...many])).toEqual(many.slice(0, 12));
  });

  it('gives tags the editor would take, from anything (fast-check)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (value, name) => {
        const tags = importedTags([value], name);
        expect(readField(tagsText, tags.join(','))).toEqual({ ok: true, value: tags });
      }),
    );
  });
});

describe('mealTypeOf', () => {
  it('is the first tag that names a meal of the day', () => {
    expect(mealTypeOf(['italian', 'main course', 'lunch'])).toBe('dinner');
    expect(mealTypeOf(['brunch'])).toBe('breakfast');
    expect(mealTypeOf(['snacks'])).toBe('snack');
    expect(mealTypeOf(['dessert', 'constructor'])).toBeNull();
  });
});
