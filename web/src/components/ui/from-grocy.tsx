import { planToday } from '../../../../shared/dates/meal-window.ts';
import { describeUseBy } from '../../../../shared/dates/use-by.ts';
import { broughtBefore, rememberBrought } from '../../lib/brought-before.ts';
import { formatDate } from '../../lib/format.ts';
import type { GrocyItems, GrocyList } from '../../lib/grocy-items.ts';
import { GrocyFileCard } from './grocy-file-card.tsx';
import type { ItemFormValues } from './item-fields.ts';
import { itemAmount } from './item-row.tsx';

const WORDS = {
  stock: {
    title: 'Bring your pantry from Grocy',
    into: 'pantry',
    found: (n: string) => `Grocy has ${n} in stock`,
    add: (n: string) => `Add ${n} to the pantry`,
    brought: (n: string) => `Brought ${n} from Grocy`,
  },
  shopping: {
    title: 'Bring your shopping list from Grocy',
    into: 'shopping list',
    found: (n: string) => `Grocy's shopping list has ${n} still to buy`,
    add: (n: string) => `Add ${n} to the list`,
    brought: (n: string) => `Brought ${n} from Grocy's shopping list`,
  },
} as const;

const count = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Bring the pantry (Grocy's stock) or the shopping list from Grocy, as items. The reader (SQLite,
 * the line reader, the field rules) loads when a file is chosen. `onAdd` adds them and says
 * what more there is to say of it (": 2 new, 1 added to what was there", or nothing).
 */
export function FromGrocy({
  list,
  householdId,
  onAdd,
}: {
  list: GrocyList;
  householdId: string;
  onAdd: (items: ItemFormValues[]) => Promise<string>;
}) {
  const words = WORDS[list];
  const today = planToday();
  return (
    <GrocyFileCard<GrocyItems>
      id={`grocy-${list}`}
      title={words.title}
      read={(file) =>
        import('../../lib/grocy-items.ts').then(({ readGrocyItems }) => readGrocyItems(file, list))
      }
      addLabel={({ items }) => (items.length > 0 ? words.add(count(items.length)) : null)}
      add={({ items, checksum }) =>
        onAdd(items).then((detail) => {
          rememberBrought(list, householdId, checksum, today);
          return `${words.brought(count(items.length))}${detail}.`;
        })
      }
      show={({ items, left, checksum }) => (
        <>
          <Again on={broughtBefore(list, householdId, checksum)} into={words.into} />
          <p role="status">
            {words.found(count(items.length))}
            {items.length > 0 ? ':' : '.'}
          </p>
          <ul className="grocy-items">
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a list fixed while shown, where two of Grocy's products may be one Larder item
              <li key={i}>
                {item.name}
                {itemAmount(item) ? ` · ${itemAmount(item)}` : ''}
                {item.use_by ? <span className="muted"> · {describeUseBy(item.use_by, today)}</span> : null}
              </li>
            ))}
          </ul>
          {left.length > 0 ? (
            <p className="small">Left out (beyond what an item can hold): {left.join('; ')}.</p>
          ) : null}
        </>
      )}
    />
  );
}

/** The same file brought again: its amounts would be added again. */
function Again({ on, into }: { on: string | null; into: string }) {
  if (on === null) return null;
  return (
    <p className="notice" role="alert">
      You brought this file into this {into} on {formatDate(on)}: adding it again adds its amounts again.
    </p>
  );
}
