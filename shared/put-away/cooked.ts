import { type BaseUnit, baseUnitOf, holdingToBase, toBase } from '../basket/needs.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { type PantryRow, roundQuantity } from './put-away.ts';

/** How much cooking takes from one pantry row, in the row's own unit. */
export interface PantryTake {
  pantry_id: string;
  name: string;
  quantity: number;
  unit: string | null;
}

const round = roundQuantity;

/**
 * What cooking a meal takes from the pantry (issue 25 "Put the shopping away"): each recipe
 * line, scaled by `scale` (the meal's portions over the recipe's), in its base unit (shared's
 * toBase), taken from the pantry rows of the same item (same ingredient, or free text of the
 * same name) in their order, never more than a row holds. A row in a unit that does not convert
 * to the line's ('jar' against grams) is kept apart, never guessed; so is a row without an
 * amount. Lines without an amount ('to taste') take nothing. `short` names what the pantry did
 * not have enough of. Takes are rounded to 3 decimals in the row's unit.
 */
export function pantryTakes(
  lines: readonly RecipeLine[],
  scale: number,
  pantry: readonly PantryRow[],
): { takes: PantryTake[]; apart: string[]; short: string[] } {
  const left = new Map<string, number>();
  const takes = new Map<string, PantryTake>();
  const apart = new Set<string>();
  const short = new Set<string>();
  const factor = typeof scale === 'number' && Number.isFinite(scale) && scale > 0 ? scale : 1;
  const rows = Array.isArray(pantry) ? pantry.filter((r) => r && typeof r === 'object') : [];
  for (const line of Array.isArray(lines) ? lines : []) {
    const ingredient = line?.ingredients;
    if (!ingredient || typeof ingredient.name !== 'string') continue;
    const amount = parseQuantity(line.quantity) * factor;
    if (!(amount > 0)) continue;
    const name = ingredient.name;
    const base: BaseUnit = baseUnitOf(name);
    const unit = line.measurements?.name ?? null;
    let need = toBase(amount, unit, name, base);
    if (!(need > 0)) continue;
    const key = normalizeName(name).toLowerCase();
    for (const row of rows) {
      const same =
        row.ingredient_id !== null
          ? row.ingredient_id === ingredient.id
          : normalizeName(String(row.name)).toLowerCase() === key;
      if (!same || need <= 0) continue;
      const per = holdingToBase(1, row.unit, row.pack, name, base);
      if (!(per > 0) || row.quantity === null) {
        apart.add(row.unit ? `${row.name} (${row.unit})` : row.name);
        continue;
      }
      const held = left.get(row.id) ?? Number(row.quantity);
      // Emptied by an earlier line of the same recipe: nothing more to take, nothing kept apart.
      if (!(held > 0)) continue;
      const take = Math.min(held, round(need / per));
      if (!(take > 0)) continue;
      left.set(row.id, round(held - take));
      need -= take * per;
      const sofar = takes.get(row.id);
      takes.set(row.id, {
        pantry_id: row.id,
        name: row.name,
        quantity: round((sofar?.quantity ?? 0) + take),
        unit: row.unit,
      });
    }
    if (need > 1e-6) short.add(name);
  }
  return { takes: [...takes.values()], apart: [...apart], short: [...short] };
}
