import { normalizeName } from '../limits/normalize-name.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';
import { baseUnitOf, heldToBase, type NeedLine } from './needs.ts';

/** A line of a shopping list, or one posted to price-basket, as a basket prices it. */
export interface ListLine {
  ingredient_id: number | null;
  name: string;
  /** Null when the list says no amount ("milk"). */
  amount: number | null;
  unit: string | null;
}

/**
 * What a line needs when its amount is unknown ("milk") or in a unit that cannot be converted
 * ("2 jar"): any amount at all, so that whole packs buy it as one pack of whatever size.
 */
export const ONE_PACK = 1e-6;

/**
 * The lines a basket prices (issue 19): one per ingredient, or per free-text name compared as
 * stored (normalised, any case), with the amounts summed in the ingredient's base unit (as a
 * person means them: heldToBase). An item with no amount it knows buys packs instead
 * (`NeedLine.packs`: the packets asked for, else one). The first line of each keeps its name;
 * the order of the lines does not change the sums.
 */
export function listNeeds(lines: readonly ListLine[]): NeedLine[] {
  const needs = new Map<string, NeedLine>();
  const known = new Set<string>();
  const packsAsked = new Map<string, number>();
  // Like every function of shared/, it reads any input, even one its types rule out, and never throws.
  for (const l of Array.isArray(lines) ? lines : []) {
    if (l === null || typeof l !== 'object' || typeof l.name !== 'string') continue;
    const id = typeof l.ingredient_id === 'number' ? l.ingredient_id : null;
    const unit = typeof l.unit === 'string' ? l.unit : null;
    const key = id !== null ? `i:${id}` : `n:${normalizeName(l.name).toLowerCase()}`;
    const base = baseUnitOf(l.name);
    const amount = typeof l.amount === 'number' && l.amount > 0 && Number.isFinite(l.amount) ? l.amount : 0;
    // 'Packets' on a list are the packs the shop sells (spec 9's 1 g a packet is for recipes).
    const inPacks = canonicalUnit(unit) === 'packet' ? amount : 0;
    const converted = amount > 0 && inPacks === 0 ? heldToBase(amount, unit, l.name, base) : 0;
    const need: NeedLine = needs.get(key) ?? {
      key,
      ingredient_id: id,
      name: l.name,
      base,
      need: 0,
      have: 0,
      buy: 0,
      meals: [],
    };
    if (converted > 0) {
      // An amount it knows is what the line buys: a line without one adds nothing to it.
      if (!known.has(key)) {
        known.add(key);
        need.need = 0;
        need.buy = 0;
        delete need.packs;
      }
      need.need += converted;
      need.buy += converted;
    } else if (!known.has(key)) {
      need.need = ONE_PACK;
      need.buy = ONE_PACK;
      // Packets asked for add up; a line with no amount at all is one pack, however many say so.
      packsAsked.set(key, (packsAsked.get(key) ?? 0) + inPacks);
      need.packs = packsAsked.get(key) || 1;
    }
    needs.set(key, need);
  }
  return [...needs.values()];
}
