import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun.ts';

describe('countNoun', () => {
  it('names one item as its item weight does', () => {
    expect(countNoun('sourdough bread')).toBe('slice');
    expect(countNoun('Wholemeal Bread')).toBe('slice');
    expect(countNoun('bacon')).toBe('slice');
    expect(countNoun('puff pastry')).toBe('sheet');
    expect(countNoun('lasagne sheet')).toBe('sheet');
    expect(countNoun('iceberg lettuce')).toBe('head');
    expect(countNoun('garlic')).toBe('clove');
  });
  it('leaves what is counted as itself a piece, and anything it does not know', () => {
    for (const name of ['avocado', 'egg', 'brown onion', 'birthday candles', '', 'egg noodles'])
      expect(countNoun(name), name).toBe('piece');
    expect(countNoun(undefined as unknown as string)).toBe('piece');
  });
});
