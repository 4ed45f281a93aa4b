import { ItemRow } from '../../../components/ui/item-row.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { ShoppingItem } from '../api.ts';
import { editShoppingItem, removeFromShopping, tickShoppingItem, undoRemoveFromShopping } from '../store.ts';
import { PlanLineDetail } from './plan-line-detail.tsx';

export function failed(what: string) {
  return (e: unknown) => {
    console.error(`${what} failed`, e);
    showToast(`Could not ${what}. Please try again.`, 'error');
  };
}

/** One line of the list: its tick, amount, plan detail, edit and remove. */
export function ShoppingRow({ householdId, item }: { householdId: string; item: ShoppingItem }) {
  return (
    <ItemRow
      item={item}
      context="shopping"
      detail={<PlanLineDetail row={item} />}
      leading={
        <input
          type="checkbox"
          className="tick"
          checked={item.checked}
          aria-label={`Tick off ${item.name}`}
          onChange={(e) =>
            void tickShoppingItem(householdId, item.id, e.target.checked).catch(failed('tick the item'))
          }
        />
      }
      onSave={(v) => editShoppingItem(householdId, item.id, v)}
      onRemove={() =>
        void removeFromShopping(householdId, item.id)
          .then(
            (removed) =>
              removed &&
              showToast(`Removed ${removed.name}.`, 'info', {
                label: 'Undo',
                run: () =>
                  void undoRemoveFromShopping(householdId, removed).catch(failed(`put ${removed.name} back`)),
              }),
          )
          .catch(failed('remove the item'))
      }
    />
  );
}
