import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { planToday } from '../../../../../shared/dates/meal-window.ts';
import { describeUseBy, stateOfUseBy } from '../../../../../shared/dates/use-by.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ItemForm } from '../../../components/ui/item-form.tsx';
import { ItemRow, itemAmount } from '../../../components/ui/item-row.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import type { PantryItem } from '../api.ts';
import {
  addAllToPantry,
  addToPantry,
  editPantryItem,
  loadPantry,
  type MergedItem,
  removeFromPantry,
  undoRemoveFromPantry,
  usePantry,
} from '../store.ts';

// Bringing things from Grocy is for the day someone switches: its card loads after the screen.
const FromGrocy = lazy(() =>
  import('../../../components/ui/from-grocy.tsx').then((m) => ({ default: m.FromGrocy })),
);

/** Issue 15: adding what the pantry has adds to it, and says so ('…: now 1.5 kg.'). */
function mergedMessage(row: MergedItem): string {
  const amount = itemAmount(row);
  return `Added to your existing ${row.name}${amount ? `: now ${amount}` : ''}.`;
}

export function PantryPage({ householdId }: { householdId: string }) {
  const { items, loaded } = usePantry();
  const today = planToday();
  useEffect(() => {
    void loadPantry(householdId);
  }, [householdId]);
  return (
    <Page title="Pantry">
      <div className="card">
        <ItemForm
          context="pantry"
          withUseBy
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
        <>
          <UseSoon items={items} today={today} />
          <ul className="list" aria-label="Pantry items">
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                context="pantry"
                withUseBy
                detail={<UseByBadge useBy={item.use_by} today={today} />}
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
        </>
      )}
      <Suspense fallback={null}>
        <FromGrocy
          list="stock"
          householdId={householdId}
          onAdd={(found) =>
            addAllToPantry(householdId, found).then(
              ({ added, merged }) => `: ${added} new, ${merged} added to what was there`,
            )
          }
        />
      </Suspense>
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

/** A row's use-by day, marked when it is soon or gone. */
function UseByBadge({ useBy, today }: { useBy: string | null; today: string }) {
  const state = stateOfUseBy(useBy, today);
  if (!useBy || state === null) return null;
  return <span className={`use-by use-by-${state}`}>{describeUseBy(useBy, today)}</span>;
}

/** What to use first: anything past its use-by day, due today or within the next few days. */
function UseSoon({ items, today }: { items: readonly PantryItem[]; today: string }) {
  const soon = items
    .filter((i) => ['past', 'today', 'soon'].includes(stateOfUseBy(i.use_by, today) ?? ''))
    .sort((a, b) => String(a.use_by).localeCompare(String(b.use_by)));
  if (soon.length === 0) return null;
  return (
    <section className="card use-soon" aria-labelledby="use-soon-h">
      <h2 id="use-soon-h">Use soon</h2>
      <ul>
        {soon.map((i) => (
          <li key={i.id}>
            {i.name}: <UseByBadge useBy={i.use_by} today={today} />
          </li>
        ))}
      </ul>
      <p className="small">
        <Link href={`${paths.cook}?sort=soon`}>What can I cook with them?</Link>
      </p>
    </section>
  );
}
