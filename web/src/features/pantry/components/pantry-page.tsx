import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ItemForm } from '../../../components/ui/item-form.tsx';
import { ItemRow, itemAmount } from '../../../components/ui/item-row.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { PantryItem } from '../api.ts';
import {
  addToPantry,
  editPantryItem,
  loadPantry,
  type MergedItem,
  removeFromPantry,
  undoRemoveFromPantry,
  usePantry,
} from '../store.ts';

/** Issue 15: adding what the pantry has adds to it, and says so ('…: now 1.5 kg.'). */
function mergedMessage(row: MergedItem): string {
  const amount = itemAmount(row);
  return `Added to your existing ${row.name}${amount ? `: now ${amount}` : ''}.`;
}

export function PantryPage({ householdId }: { householdId: string }) {
  const { items, loaded } = usePantry();
  useEffect(() => {
    void loadPantry(householdId);
  }, [householdId]);
  return (
    <Page title="Pantry">
      <div className="card">
        <ItemForm
          context="pantry"
          submitLabel="Add to pantry"
          onSubmit={(v) =>
            addToPantry(householdId, v).then((merged) => {
              if (merged) showToast(mergedMessage(merged), 'success');
            })
          }
        />
      </div>
      {!loaded ? (
        <Skeleton lines={3} label="Loading pantry..." />
      ) : items.length === 0 ? (
        <EmptyState title="Your pantry is empty">
          Add what you have at home so you know what to buy.
        </EmptyState>
      ) : (
        <ul className="list" aria-label="Pantry items">
          {items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              context="pantry"
              onSave={(v) => editPantryItem(householdId, item.id, v)}
              onRemove={() =>
                void removeFromPantry(householdId, item.id)
                  .then((removed) => removed && offerUndo(householdId, removed))
                  .catch((e: unknown) => {
                    console.error('removing the pantry item failed', e);
                    showToast(`${item.name} could not be removed.`, 'error');
                  })
              }
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

function offerUndo(householdId: string, item: PantryItem): void {
  showToast(`Deleted ${item.name}.`, 'info', {
    label: 'Undo',
    run: () =>
      void undoRemoveFromPantry(householdId, item)
        .then(() => showToast(`${item.name} is back.`, 'success'))
        .catch((e: unknown) => {
          console.error('undoing the delete failed', e);
          showToast(`${item.name} could not be put back.`, 'error');
        }),
  });
}
