import type { BasketLine } from '../basket/basket.ts';
import { type BaseUnit, listAmounts } from '../basket/needs.ts';

/**
 * What a line bought as its basket priced it puts in the pantry, in the line's base unit: its
 * packs' amount, and counted things whole, as the list asks for them (a loose 300 g of carrots
 * is the three carrots the list said to buy, not 2.655 of them).
 */
export function packsBought(line: Pick<BasketLine, 'packs' | 'pack'>, base: BaseUnit): number {
  const amount = Math.round(line.packs * line.pack.amount * 1000) / 1000;
  return listAmounts({ base, need: amount, buy: amount }).buy;
}
