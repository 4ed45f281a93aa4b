import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { saveProfile, useProfile } from '../../features/profile/store.ts';
import { loadPrices } from '../../features/recipes/store.ts';
import {
  claimShopWeek,
  loadBasket,
  subscribePriceImports,
  useBasket,
} from '../../features/shop-week/store.ts';
import { ShoppingPage } from '../../features/shopping/components/shopping-page.tsx';
import { loadShopping, useShopping } from '../../features/shopping/store.ts';

// Around the list: the plan's panel, the basket (which waits for prices anyway) and the price
// history load after the list's own code, so the list in hand shows first.
const PlanToList = lazy(() =>
  import('../../features/shop-week/components/plan-to-list.tsx').then((m) => ({ default: m.PlanToList })),
);
const BasketView = lazy(() =>
  import('../../features/shop-week/components/basket-view.tsx').then((m) => ({ default: m.BasketView })),
);
const PriceInsights = lazy(() =>
  import('../../features/prices/components/price-insights.tsx').then((m) => ({ default: m.PriceInsights })),
);

/** Where the plan's panel comes, while its code loads: the same card, so the list does not jump. */
function PlanPanelLoading() {
  return (
    <section className="card build-list" aria-labelledby="build-list-title">
      <h2 id="build-list-title">From your meal plan</h2>
      <p className="muted">Loading your plan...</p>
    </section>
  );
}

/** What the basket depends on: the unticked lines and their amounts. */
function listSignature(
  items: readonly { id: string; quantity: number | null; unit: string | null; checked: boolean }[],
) {
  return items
    .filter((i) => !i.checked)
    .map((i) => `${i.id}:${i.quantity}:${i.unit}`)
    .join('|');
}

/** The list, built from the plan and the pantry, and where to buy it. */
function ShoppingFor({ householdId }: { householdId: string }) {
  const userId = useUserId()!;
  const shopping = useShopping();
  const { profile } = useProfile();
  const basket = useBasket();
  claimShopWeek(userId);
  useEffect(
    () =>
      subscribePriceImports(() => {
        void loadPrices(true);
        void loadBasket();
        // Only what the insights have loaded is read again: none until they have shown.
        void import('../../features/prices/store.ts').then((m) => m.reloadIngredientPrices());
      }),
    [],
  );
  const signature = listSignature(shopping.items);
  // The trend prices what the basket prices (its lines to buy with an ingredient) by its rule.
  const toBuy = basket.answer?.lines;
  const trendSource = useMemo(
    () => (toBuy ? { kind: 'basket' as const, lines: toBuy.filter((l) => l.ingredient_id !== null) } : null),
    [toBuy],
  );
  // The list changed (here, in another tab, or by a build): price it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the unticked lines' content decides, not the array's identity
  useEffect(() => {
    if (shopping.loaded) void loadBasket();
  }, [signature, shopping.loaded]);
  return (
    <>
      <ShoppingPage
        householdId={householdId}
        before={
          <Suspense fallback={<PlanPanelLoading />}>
            <PlanToList
              householdId={householdId}
              built={shopping.items.some((i) => i.plan_key !== null)}
              onBuilt={() => void loadShopping(householdId)}
            />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        <BasketView
          answer={basket.answer}
          loading={basket.loading}
          error={basket.error}
          minSavingCents={profile?.basket_min_saving_cents ?? 500}
          onSaveMinSaving={(cents) => saveProfile(userId, { basket_min_saving_cents: cents })}
          onRetry={() => void loadBasket()}
        />
      </Suspense>
      {trendSource && trendSource.lines.length > 0 ? (
        <div className="card basket-insights">
          <Suspense fallback={null}>
            <PriceInsights source={trendSource} what="the unticked lines of your list" />
          </Suspense>
        </div>
      ) : null}
      <p className="page-footer-link">
        <Link href={paths.week}>The week at a glance</Link>
      </p>
    </>
  );
}

export default function Shopping() {
  return (
    <WithHousehold title="Shopping list">
      {(householdId) => <ShoppingFor householdId={householdId} />}
    </WithHousehold>
  );
}
