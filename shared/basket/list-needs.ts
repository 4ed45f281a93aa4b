import { normalizeName } from '../limits/normalize-name.ts';
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
 * stored (normalised, any case), with the amounts summed in the ingredient's base unit. The
 * first line of each keeps its name; the order of the lines does not change the sums.
 */
export function listNeeds(lines: readonly ListLine[]): NeedLine[] {
  const needs = new Map<string, NeedLine>();
  const known = new Set<string>();
  // Like every function of shared/, it reads any input, even one its types rule out, and never throws.
  for (const l of Array.isArray(lines) ? lines : []) {
    if (l === null || typeof l !== 'object' || typeof l.name !== 'string') continue;
    const id = typeof l.ingredient_id === 'number' ? l.ingredient_id : null;
    const unit = typeof l.unit === 'string' ? l.unit : null;
    const key = id !== null ? `i:${id}` : `n:${normalizeName(l.name).toLowerCase()}`;
    const base = baseUnitOf(l.name);
    const converted =
      typeof l.amount === 'number' && l.amount > 0 ? heldToBase(l.amount, unit, l.name, base) : 0;
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
        delete need.onePack;
      }
      need.need += converted;
      need.buy += converted;
    } else if (!known.has(key)) {
      need.need = ONE_PACK;
      need.buy = ONE_PACK;
      need.onePack = true;
    }
    needs.set(key, need);
  }
  return [...needs.values()];
}
