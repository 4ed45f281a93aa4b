import { expect, it } from 'vitest';
import { listAmounts } from './needs.ts';

it('asks for whole items of what is counted, and the amounts themselves of the rest', () => {
  expect(listAmounts({ base: 'each', need: 14 + 2 / 3, buy: 14 + 2 / 3 })).toEqual({ need: 15, buy: 15 });
  // Half an onion in the recipes and one in the pantry: one to buy, and "need 4, have 1, buy 3".
  expect(listAmounts({ base: 'each', need: 3.5, buy: 2.5 })).toEqual({ need: 4, buy: 3 });
  // Thirds summed to a whole are that whole, not one more.
  expect(listAmounts({ base: 'each', need: 1 / 3 + 1 / 3 + 1 / 3 + 1, buy: 2 })).toEqual({ need: 2, buy: 2 });
  expect(listAmounts({ base: 'g', need: 8.1, buy: 8.1 })).toEqual({ need: 8.1, buy: 8.1 });
  expect(listAmounts({ base: null, need: 2.5, buy: 2.5 })).toEqual({ need: 2.5, buy: 2.5 });
});
