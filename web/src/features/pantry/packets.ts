import { smallestPack } from '../../../../shared/basket/basket.ts';
import type { HeldPack } from '../../../../shared/basket/needs.ts';
import type { ShelfPriceRecord } from '../../../../shared/pricing/types.ts';
import { packOfIngredient } from '../../../../shared/put-away/own-packs.ts';
import { canonicalUnit } from '../../../../shared/units/unit-spellings.ts';

/**
 * A pantry row's ingredient as the reader may see it: the pack of an ingredient of their own (null
 * for a built-in one, or one of another member of the household, which row-level security hides).
 */
export interface WithIngredientPack {
  ingredients?: { pack_size: number | null; pack_unit: string | null } | null;
}

interface Held extends WithIngredientPack {
  name: string;
  ingredient_id: number | null;
  unit: string | null;
}

/** Whether any of the items is kept in packets. */
export function anyInPackets(items: readonly Held[]): boolean {
  return items.some((i) => canonicalUnit(i.unit) === 'packet');
}

/**
 * The pantry items, those kept in packets with the pack a packet is (shared holdingToBase): of an
 * ingredient of the reader's own, the pack they gave it; of a built-in one, the smallest pack a
 * chain sells it in (smallestPack), so "2 packets" of spaghetti count as two such packs, never
 * more. Other items are returned as they are.
 */
export function withPackets<T extends Held>(
  items: readonly T[],
  prices: ReadonlyMap<number, ShelfPriceRecord>,
): (T & { pack?: HeldPack | null })[] {
  return items.map((item) =>
    item.ingredient_id !== null && canonicalUnit(item.unit) === 'packet'
      ? {
          ...item,
          pack:
            packOfIngredient(item.ingredients) ??
            smallestPack(prices.get(item.ingredient_id) ?? null, item.name),
        }
      : item,
  );
}
