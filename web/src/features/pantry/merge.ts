import { LIMITS } from '../../../../shared/limits/limits.ts';
import { normalizeName } from '../../../../shared/limits/normalize-name.ts';
import { GRAMS_PER_MASS_UNIT, MILLILITRES_PER_UNIT } from '../../../../shared/units/factors.ts';
import { canonicalUnit } from '../../../../shared/units/unit-spellings.ts';
import type { ItemFormValues } from '../../components/ui/item-fields.ts';
import type { PantryItem } from './api.ts';

/** What adding an item to the pantry does: a new row, or a new quantity for a row already there. */
export type PantryAdd =
  | { kind: 'insert'; item: ItemFormValues }
  | {
      kind: 'update';
      id: string;
      name: string;
      quantity: number | null;
      unit: string | null;
      /** The sooner of the two use-by days, when the added item gives one. */
      use_by?: string | null;
    };

/**
 * How many of `to` one `from` is, when the two measure the same thing: the same unit (or both
 * none) is 1; two masses (g, kg and the imported mg, oz, lb), or two volumes (mL, L and the
 * Australian spoons and cup, spec 9's factors, exact for these) convert; anything else (a cup
 * against grams, a piece against a kilo) is null.
 */
export function unitRatio(from: string | null, to: string | null): number | null {
  const a = canonicalUnit(from);
  const b = canonicalUnit(to);
  if (a === b) return 1;
  if (a === null || b === null) return null;
  for (const family of [GRAMS_PER_MASS_UNIT, MILLILITRES_PER_UNIT]) {
    const perA = family[a];
    const perB = family[b];
    if (perA !== undefined && perB !== undefined) return perA / perB;
  }
  return null;
}

const sameItem = (row: PantryItem, item: ItemFormValues): boolean =>
  (row.ingredient_id !== null && row.ingredient_id === item.ingredient_id) ||
  normalizeName(row.name).toLowerCase() === normalizeName(item.name).toLowerCase();

const round = (n: number) =>
  Math.round(n * 10 ** LIMITS.itemQuantity.decimals) / 10 ** LIMITS.itemQuantity.decimals;

/**
 * Adding flour to a pantry that has flour adds to that row (in the row's own unit: 1 kg and 500 g
 * make 1.5 kg) instead of listing flour twice. The same item is the same ingredient, or the same
 * name ignoring case and spacing; its units must convert (see unitRatio), otherwise it gets a row
 * of its own. A row without a quantity takes the one added; adding none leaves the row as it is.
 * A use-by day added with it replaces a later one on the row (or none), never a sooner one.
 */
export function planPantryAdd(existing: readonly PantryItem[], item: ItemFormValues): PantryAdd {
  for (const row of existing) {
    if (!sameItem(row, item)) continue;
    // What was there and what was added are one row now: the sooner day is the one to keep to.
    const useBy = item.use_by ? { use_by: sooner(row.use_by, item.use_by) } : {};
    if (row.quantity === null || item.quantity === null) {
      if (row.unit !== null && item.unit !== null && unitRatio(item.unit, row.unit) === null) continue;
      const quantity = row.quantity ?? item.quantity;
      const unit = row.quantity !== null ? row.unit : item.unit;
      return { kind: 'update', id: row.id, name: row.name, quantity, unit, ...useBy };
    }
    const ratio = unitRatio(item.unit, row.unit);
    if (ratio === null) continue;
    return {
      kind: 'update',
      id: row.id,
      name: row.name,
      quantity: round(Number(row.quantity) + item.quantity * ratio),
      unit: row.unit,
      ...useBy,
    };
  }
  return { kind: 'insert', item };
}

const sooner = (a: string | null, b: string): string => (a !== null && a < b ? a : b);

/** What adding many items at once does: the rows to insert in one go, and the rows to change. */
export interface PantryAdds {
  inserts: ItemFormValues[];
  updates: { id: string; quantity: number | null; unit: string | null; use_by?: string | null }[];
}

/**
 * Adding many items at once (a pantry brought from another app) as adding each in turn would:
 * each merges into a row already there or one added before it (planPantryAdd), so two items that
 * are one Larder ingredient make one row; a row changed twice is written once.
 */
export function planPantryAdds(
  existing: readonly PantryItem[],
  items: readonly ItemFormValues[],
): PantryAdds {
  const rows: PantryItem[] = existing.map((row) => ({ ...row }));
  const inserts: ItemFormValues[] = [];
  const changed = new Set<string>();
  for (const item of items) {
    const plan = planPantryAdd(rows, item);
    if (plan.kind === 'insert') {
      rows.push({ ...item, use_by: item.use_by ?? null, id: `new:${inserts.length}`, user_id: '' });
      inserts.push({ ...item });
      continue;
    }
    const row = rows.find((r) => r.id === plan.id) as PantryItem;
    row.quantity = plan.quantity;
    row.unit = plan.unit;
    if (plan.use_by !== undefined) row.use_by = plan.use_by;
    if (plan.id.startsWith('new:')) {
      const insert = inserts[Number(plan.id.slice(4))] as ItemFormValues;
      Object.assign(insert, { quantity: row.quantity, unit: row.unit, use_by: row.use_by });
    } else changed.add(plan.id);
  }
  const updates = rows
    .filter((row) => changed.has(row.id))
    .map(({ id, quantity, unit, use_by }) => ({ id, quantity, unit, use_by }));
  return { inserts, updates };
}
