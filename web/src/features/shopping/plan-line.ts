import { formatBaseAmount } from '../../../../shared/display/amount.ts';
import type { ShoppingItem } from './api.ts';

/** A shopping line the plan wrote, as the list shows it. */
export type PlanLineRow = Pick<
  ShoppingItem,
  'name' | 'quantity' | 'unit' | 'plan_key' | 'plan_quantity' | 'plan_need' | 'plan_meals'
>;

/**
 * "need 600 g, have 200 g, buy 400 g" and "for Mon dinner, Wed lunch" for a line the plan
 * wrote and nobody edited; null for lines added or changed by hand.
 */
export function describePlanLine(
  row: PlanLineRow,
): { amounts: string | null; meals: string | null; apart: string | null } | null {
  if (!row.plan_key || row.plan_quantity == null || row.quantity !== row.plan_quantity) return null;
  const need = row.plan_need ?? row.plan_quantity;
  const have = Math.round((need - row.plan_quantity) * 1000) / 1000;
  const amounts =
    have > 0
      ? `need ${formatBaseAmount(need, row.unit, row.name)}, have ${formatBaseAmount(have, row.unit, row.name)}, buy ${formatBaseAmount(row.plan_quantity, row.unit, row.name)}`
      : null;
  const meals = row.plan_meals && row.plan_meals.length > 0 ? `for ${row.plan_meals.join(', ')}` : null;
  // Keys of amounts kept in their own unit end in '|<unit>' (shared/basket).
  const apart = row.plan_key.includes('|')
    ? `Kept in ${row.unit ?? 'its own unit'}: Larder cannot convert it to weight or volume, so it is not added to the rest.`
    : null;
  return { amounts, meals, apart };
}
