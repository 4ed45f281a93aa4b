import { packsFor } from '../basket/basket.ts';
import { type BaseUnit, type HeldPack, heldToBase } from '../basket/needs.ts';
import { LIMITS } from '../limits/limits.ts';

/** The pack a person buys an ingredient of their own in (issue 20): `size` of `unit`. */
export interface OwnPack {
  size: number;
  unit: string;
}

const isPackUnit = (unit: string): unit is BaseUnit =>
  (LIMITS.packSize.units as readonly string[]).includes(unit);

/**
 * An own ingredient's pack as its row keeps it (`pack_size`, `pack_unit`), for buying whole packs
 * of it and for what a packet of it in the pantry holds. Null when it has none, or one the form
 * would refuse (another member's ingredient reads as null: row-level security hides it).
 */
export function packOfIngredient(
  row: { pack_size?: number | null; pack_unit?: string | null } | null | undefined,
): HeldPack | null {
  const size = row?.pack_size;
  const unit = row?.pack_unit;
  return typeof size === 'number' &&
    Number.isFinite(size) &&
    size > 0 &&
    typeof unit === 'string' &&
    isPackUnit(unit)
    ? { size, unit }
    : null;
}

/**
 * What a line bought in an own ingredient's packs puts in the pantry: the whole packs that cover
 * its amount (one when it has none), in the pack's unit. Null when the line's unit does not
 * convert to the pack's (a pack in g, a line in 'jar'): then the line's own amount is put away.
 */
export function ownPacksBought(
  quantity: number | null,
  unit: string | null,
  name: string,
  pack: OwnPack,
): { packs: number; amount: number; unit: BaseUnit } | null {
  if (!(pack.size > 0) || !Number.isFinite(pack.size) || !isPackUnit(pack.unit)) return null;
  const need = quantity === null ? pack.size : heldToBase(quantity, unit, name, pack.unit);
  if (!(need > 0)) return null;
  const packs = packsFor(need, pack.size);
  return { packs, amount: Math.round(packs * pack.size * 1000) / 1000, unit: pack.unit };
}
