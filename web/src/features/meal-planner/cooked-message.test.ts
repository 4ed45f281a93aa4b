import { describe, expect, it } from 'vitest';
import { cookedMessage } from './cooked-message.ts';

describe('cookedMessage (issue 25)', () => {
  it('says what cooking took and what it left apart', () => {
    expect(
      cookedMessage({
        subtracted: true,
        took: [{ name: 'jasmine rice', quantity: 300, unit: 'g', left: 200 }],
        apart: ['honey (jar)'],
      }),
    ).toBe(
      'Marked cooked. Took 300 g jasmine rice from the pantry. Left alone, as their units do not convert: honey (jar).',
    );
  });

  it('names counted things as the converter does: slices of bread', () => {
    const took = [
      { name: 'sourdough bread', quantity: 4, unit: null, left: 8 },
      { name: 'egg', quantity: 2, unit: 'each', left: 4 },
    ];
    expect(cookedMessage({ subtracted: true, took, apart: [] })).toBe(
      'Marked cooked. Took 4 slices sourdough bread, 2 egg from the pantry.',
    );
  });

  it('says when the household does not take from the pantry', () => {
    expect(cookedMessage({ subtracted: false, took: [], apart: [] })).toMatch(/keeps the pantry/);
  });
});
