import type { BasketLine } from '../basket/basket.ts';
import { type BaseUnit, listAmounts } from '../basket/needs.ts';

/**
 * What a line bought as its basket priced it puts in the pantry, in the line's base unit: its
 * packs' amount, and counted things whole. Loose, they are what the list asked for (a loose 300 g
 * of carrots is the three carrots the list said to buy, not 2.655 of them); in a pack sold by
 * weight they are its nearest whole number (a 650 g loaf is 23 slices of 28 g, as the basket's
 * "about 11 slices" left over after 12 says), never none.
 */
export function packsBought(line: Pick<BasketLine, 'packs' | 'pack'>, base: BaseUnit): number {
  const amount = Math.round(line.packs * line.pack.amount * 1000) / 1000;
  if (base === 'each' && !line.pack.loose) return Math.max(1, Math.round(amount));
  return listAmounts({ base, need: amount, buy: amount }).buy;
}
