import { describe, expect, it } from 'vitest';
import { dedupeRecipes } from './dedupe.ts';

const r = (id: number, name: string, is_default: boolean | null) => ({ id, name, is_default });

describe('dedupeRecipes (spec 5: de-duplicated by name; a default replaces a same-named non-default)', () => {
  it('keeps one recipe per name', () => {
    expect(
      dedupeRecipes([r(1, 'Soup', false), r(2, 'Soup', false), r(3, 'Salad', false)]).map((x) => x.id),
    ).toEqual([1, 3]);
  });

  it('lets a default replace a same-named non-default, in its place', () => {
    const out = dedupeRecipes([r(1, 'Soup', false), r(2, 'Salad', true), r(3, 'Soup', true)]);
    expect(out.map((x) => x.id)).toEqual([3, 2]);
  });

  it('never lets a non-default replace a default', () => {
    expect(dedupeRecipes([r(1, 'Soup', true), r(2, 'Soup', false)]).map((x) => x.id)).toEqual([1]);
    expect(dedupeRecipes([r(1, 'Soup', null), r(2, 'Soup', true)]).map((x) => x.id)).toEqual([2]);
  });

  it('compares names ignoring case and whitespace', () => {
    expect(dedupeRecipes([r(1, 'Pad  Thai ', false), r(2, 'pad thai', true)]).map((x) => x.id)).toEqual([2]);
  });

  it('keeps the order and the input intact', () => {
    const input = [r(1, 'A', false), r(2, 'B', false), r(3, 'C', false), r(4, 'a', true)];
    const copy = structuredClone(input);
    expect(dedupeRecipes(input).map((x) => x.id)).toEqual([4, 2, 3]);
    expect(input).toEqual(copy);
  });

  it('survives bad input', () => {
    expect(dedupeRecipes(null as unknown as [])).toEqual([]);
    expect(dedupeRecipes([null, r(1, 'A', false)] as unknown as ReturnType<typeof r>[])).toEqual([
      r(1, 'A', false),
    ]);
  });
});
