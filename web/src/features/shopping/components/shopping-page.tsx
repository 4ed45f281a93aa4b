import { type ReactNode, useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ItemForm } from '../../../components/ui/item-form.tsx';
import { ItemRow } from '../../../components/ui/item-row.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import {
  addToShopping,
  clearTicked,
  editShoppingItem,
  loadShopping,
  removeFromShopping,
  tickShoppingItem,
  useShopping,
} from '../store.ts';
import { PlanLineDetail } from './plan-line-detail.tsx';

function failed(what: string) {
  return (e: unknown) => {
    console.error(`${what} failed`, e);
    showToast(`Could not ${what}. Please try again.`, 'error');
  };
}

/** `before`: what comes above the add form (the build-from-plan panel). */
export function ShoppingPage({ householdId, before }: { householdId: string; before?: ReactNode }) {
  const { items, loaded, offline, waiting } = useShopping();
  useEffect(() => {
    void loadShopping(householdId);
  }, [householdId]);
  const ticked = items.filter((i) => i.checked).length;
  return (
    <Page
      title="Shopping list"
      actions={
        ticked > 0 ? (
          <button
            type="button"
            className="button small"
            onClick={() => void clearTicked(householdId).catch(failed('clear ticked items'))}
          >
            Clear ticked ({ticked})
          </button>
        ) : null
      }
    >
      {offline || waiting > 0 ? (
        <p className={`offline-banner${offline ? '' : ' syncing'}`} role="status">
          {offline
            ? `Offline — ${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting. Ticks and new items are kept and sent when you are back online.`
            : `Sending ${waiting} ${waiting === 1 ? 'change' : 'changes'} made offline...`}
        </p>
      ) : null}
      {before}
      <div className="card">
        <ItemForm
          context="shopping"
          submitLabel="Add to list"
          onSubmit={(v) => addToShopping(householdId, [v])}
        />
      </div>
      {!loaded ? (
        <Skeleton lines={3} label="Loading shopping list..." />
      ) : items.length === 0 ? (
        <EmptyState title="Your shopping list is empty">
          Add items here, or add a recipe's ingredients from its page.
        </EmptyState>
      ) : (
        <ul className="list" aria-label="Shopping items">
          {items.map((item) => (
            <ItemRow
              key={item.id}
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
                    void tickShoppingItem(householdId, item.id, e.target.checked).catch(
                      failed('tick the item'),
                    )
                  }
                />
              }
              onSave={(v) => editShoppingItem(householdId, item.id, v)}
              onRemove={() => void removeFromShopping(householdId, item.id).catch(failed('remove the item'))}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
