import { useMemo } from 'react';
import { groupByAisle, type ShopCategory } from '../../../../../shared/aisles/aisles.ts';
import type { ShoppingItem } from '../api.ts';
import { ShoppingRow } from './shopping-row.tsx';

/** The list in the store's aisle order (issue 25), the ticked lines at the bottom. */
export function AisleList({
  householdId,
  items,
  order,
}: {
  householdId: string;
  items: readonly ShoppingItem[];
  order: readonly ShopCategory[];
}) {
  const { aisles, ticked } = useMemo(
    () =>
      groupByAisle(
        items.map((i) => ({ ...i, category: i.ingredients?.shop_category ?? null })),
        order,
      ),
    [items, order],
  );
  const groups = [...aisles.map((a) => ({ key: a.category ?? 'other', name: a.name, items: a.items }))];
  if (ticked.length > 0) groups.push({ key: 'ticked', name: 'In the trolley', items: ticked });
  // One list of aisles, each a list of its lines: "Shopping items" still names the whole list.
  return (
    <ul className="aisles" aria-label="Shopping items">
      {groups.map((group) => (
        <li key={group.key} className="aisle">
          <h2 id={`aisle-${group.key}`} className="aisle-name">
            {group.name}
          </h2>
          <ul className="list" aria-labelledby={`aisle-${group.key}`}>
            {group.items.map((item) => (
              <ShoppingRow key={item.id} householdId={householdId} item={item} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
