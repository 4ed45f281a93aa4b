import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ItemForm } from '../../../components/ui/item-form.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { loadAisles, useAisles } from '../aisles-store.ts';
import { startPutAway, usePutAway } from '../put-away-store.ts';
import { addToShopping, clearTicked, loadShopping, useShopping } from '../store.ts';
import { AisleList } from './aisle-list.tsx';
import { AisleOrder } from './aisle-order.tsx';
import { PutAwayDone, PutAwayPanel } from './put-away-panel.tsx';
import { failed } from './shopping-row.tsx';
import '../shopping.css';

// Bringing things from Grocy is for the day someone switches: its card loads after the screen.
const FromGrocy = lazy(() =>
  import('../../../components/ui/from-grocy.tsx').then((m) => ({ default: m.FromGrocy })),
);

/** `before`: what comes above the add form (the build-from-plan panel). */
export function ShoppingPage({ householdId, before }: { householdId: string; before?: ReactNode }) {
  const { items, loaded, offline, waiting } = useShopping();
  const { order, chain } = useAisles();
  const { amounts } = usePutAway();
  useEffect(() => {
    void loadShopping(householdId);
    void loadAisles(householdId);
  }, [householdId]);
  const ticked = items.filter((i) => i.checked);
  return (
    <Page
      title="Shopping list"
      actions={
        ticked.length > 0 ? (
          <>
            <button
              type="button"
              className="button small primary"
              disabled={offline || amounts !== null}
              onClick={() => void startPutAway(ticked, chain)}
            >
              Put away ticked ({ticked.length})
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => void clearTicked(householdId).catch(failed('clear ticked items'))}
            >
              Clear ticked ({ticked.length})
            </button>
          </>
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
      <PutAwayDone householdId={householdId} />
      <PutAwayPanel householdId={householdId} ticked={ticked} />
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
        <AisleList householdId={householdId} items={items} order={order} />
      )}
      <AisleOrder householdId={householdId} />
      <Suspense fallback={null}>
        <FromGrocy
          list="shopping"
          householdId={householdId}
          onAdd={(found) => addToShopping(householdId, found).then(() => '')}
        />
      </Suspense>
    </Page>
  );
}
