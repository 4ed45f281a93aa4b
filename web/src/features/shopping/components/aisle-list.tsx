import { Fragment, useMemo } from 'react';
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
  // One list, "Shopping items", each aisle's heading an item before its lines: a line is found
  // by its name alone, whichever aisle it is in.
  return (
    <ul className="list aisles" aria-label="Shopping items">
      {groups.map((group) => (
        <Fragment key={group.key}>
          <li className="aisle-head">
            <h2 className="aisle-name">{group.name}</h2>
          </li>
          {group.items.map((item) => (
            <ShoppingRow key={item.id} householdId={householdId} item={item} />
          ))}
        </Fragment>
      ))}
    </ul>
  );
}
