import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useUserId } from '../../features/auth/store.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { plannerDates, refreshMeals, usePlanner } from '../../features/meal-planner/store.ts';
import { withPackets } from '../../features/pantry/packets.ts';
import { loadPantry, usePantry } from '../../features/pantry/store.ts';
import { saveProfile, useProfile } from '../../features/profile/store.ts';
import { ensureRecipes, loadPrices, usePrices, useRecipes } from '../../features/recipes/store.ts';
import { BasketView } from '../../features/shop-week/components/basket-view.tsx';
import { BuildListPanel } from '../../features/shop-week/components/build-list-panel.tsx';
import {
  claimShopWeek,
  loadBasket,
  subscribePriceImports,
  useBasket,
} from '../../features/shop-week/store.ts';
import { ShoppingPage } from '../../features/shopping/components/shopping-page.tsx';
import { loadShopping, useShopping } from '../../features/shopping/store.ts';

// Below the list and the basket: loaded after them, so the list in hand shows first.
const PriceInsights = lazy(() =>
  import('../../features/prices/components/price-insights.tsx').then((m) => ({ default: m.PriceInsights })),
);

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
  const planner = usePlanner();
  const recipes = useRecipes();
  const pantry = usePantry();
  const shopping = useShopping();
  const { profile } = useProfile();
  const basket = useBasket();
  const { prices } = usePrices();
  const held = useMemo(() => withPackets(pantry.items, prices), [pantry.items, prices]);
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
  useEffect(() => refreshMeals(householdId), [householdId]);
  useEffect(() => {
    void loadPantry(householdId);
    void ensureRecipes();
  }, [householdId]);
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
          <BuildListPanel
            dates={plannerDates()}
            meals={planner.meals}
            recipes={recipes.items}
            pantry={held}
            ready={planner.loaded && recipes.loaded && pantry.loaded}
            built={shopping.items.some((i) => i.plan_key !== null)}
            onBuilt={() => void loadShopping(householdId)}
          />
        }
      />
      <BasketView
        answer={basket.answer}
        loading={basket.loading}
        error={basket.error}
        minSavingCents={profile?.basket_min_saving_cents ?? 500}
        onSaveMinSaving={(cents) => saveProfile(userId, { basket_min_saving_cents: cents })}
        onRetry={() => void loadBasket()}
      />
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
