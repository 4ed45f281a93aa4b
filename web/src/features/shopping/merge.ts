import { normalizeName } from '../../../../shared/limits/normalize-name.ts';
import type { ItemValues } from '../../components/ui/item-fields.ts';
import type { ShoppingItem } from './api.ts';

export interface AddPlan {
  /** Unticked lines that take the new quantity in place of adding a line. */
  updates: { id: string; quantity: number }[];
  inserts: ItemValues[];
}

/** Same ingredient (or, for free text, the same name as stored, any case) in the same unit. */
function keyOf(item: ItemValues): string {
  const what =
    item.ingredient_id != null ? `#${item.ingredient_id}` : `"${normalizeName(item.name).toLowerCase()}`;
  return `${what}|${item.unit ?? ''}`;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * How to add `incoming` to a list holding `existing`: a line of the same ingredient and unit as an
 * unticked one adds its quantity to it (adding a recipe twice doubles the amounts rather than the
 * lines); ticked lines are already bought, so they are left alone. Lines without a quantity
 * ('to taste') merge only with lines without one.
 */
export function planAdd(existing: readonly ShoppingItem[], incoming: readonly ItemValues[]): AddPlan {
  const open = new Map<string, { id: string; quantity: number | null }>();
  for (const item of existing) if (!item.checked && !open.has(keyOf(item))) open.set(keyOf(item), item);
  const updated = new Map<string, number>();
  const inserts = new Map<string, ItemValues>();
  for (const item of incoming) {
    const key = keyOf(item);
    const line = open.get(key);
    if (line && (line.quantity === null) === (item.quantity === null)) {
      if (item.quantity !== null) {
        const next = cents((updated.get(line.id) ?? line.quantity ?? 0) + item.quantity);
        updated.set(line.id, next);
      }
      continue;
    }
    const pending = inserts.get(key);
    if (pending && (pending.quantity === null) === (item.quantity === null)) {
      if (item.quantity !== null) pending.quantity = cents((pending.quantity ?? 0) + item.quantity);
      continue;
    }
    inserts.set(pending ? `${key}|${inserts.size}` : key, { ...item });
  }
  return {
    updates: [...updated].map(([id, quantity]) => ({ id, quantity })),
    inserts: [...inserts.values()],
  };
}
