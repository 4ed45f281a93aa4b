import { smallestPack } from '../../../../shared/basket/basket.ts';
import type { HeldPack } from '../../../../shared/basket/needs.ts';
import type { ShelfPriceRecord } from '../../../../shared/pricing/types.ts';
import { canonicalUnit } from '../../../../shared/units/unit-spellings.ts';

interface Held {
  name: string;
  ingredient_id: number | null;
  unit: string | null;
}

/** Whether any of the items is kept in packets. */
export function anyInPackets(items: readonly Held[]): boolean {
  return items.some((i) => canonicalUnit(i.unit) === 'packet');
}

/**
 * The pantry items, those kept in packets with the pack a packet is (shared holdingToBase): of a
 * built-in ingredient, the smallest pack a chain sells it in (smallestPack), so "2 packets" of
 * spaghetti count as two such packs, never more. Other items are returned as they are.
 */
export function withPackets<T extends Held>(
  items: readonly T[],
  prices: ReadonlyMap<number, ShelfPriceRecord>,
): (T & { pack?: HeldPack | null })[] {
  return items.map((item) =>
    item.ingredient_id !== null && canonicalUnit(item.unit) === 'packet'
      ? { ...item, pack: smallestPack(prices.get(item.ingredient_id) ?? null, item.name) }
      : item,
  );
}
