import { packsFor } from '../basket/basket.ts';
import { type BaseUnit, heldToBase } from '../basket/needs.ts';
import { LIMITS } from '../limits/limits.ts';

/** The pack a person buys an ingredient of their own in (issue 20): `size` of `unit`. */
export interface OwnPack {
  size: number;
  unit: string;
}

const isPackUnit = (unit: string): unit is BaseUnit =>
  (LIMITS.packSize.units as readonly string[]).includes(unit);

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
