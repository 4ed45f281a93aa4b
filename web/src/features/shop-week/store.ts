import { proxy, ref, useSnapshot } from 'valtio';
import { coalesced } from '../../lib/coalesce.ts';
import { subscribeTopic, topicTable } from '../../lib/realtime.ts';
import { type BasketAnswer, type PlanWriteResult, priceShoppingList, writePlanLines } from './api.ts';
import type { PlanLineInput } from './plan-lines.ts';

interface ShopWeekState {
  /** The range the list is built for (ISO dates); null: the planner's window. */
  from: string | null;
  to: string | null;
  /** Meals unticked for this build. */
  excluded: string[];
  building: boolean;
}

interface BasketState {
  answer: BasketAnswer | null;
  loading: boolean;
  error: string | null;
}

export const shopWeek = proxy<ShopWeekState>({ from: null, to: null, excluded: [], building: false });
export const basket = proxy<BasketState>({ answer: null, loading: false, error: null });

/** Whose choices and basket these are: another user signing in on this page starts afresh. */
let owner: string | null = null;

export function claimShopWeek(userId: string): void {
  if (owner === userId) return;
  owner = userId;
  Object.assign(shopWeek, { from: null, to: null, excluded: [], building: false });
  Object.assign(basket, { answer: null, loading: false, error: null });
}

export function setRange(from: string, to: string): void {
  shopWeek.from = from;
  shopWeek.to = to < from ? from : to;
}

export function toggleMeal(id: string, included: boolean): void {
  const rest = shopWeek.excluded.filter((m) => m !== id);
  shopWeek.excluded = included ? rest : [...rest, id];
}

/**
 * Writes the lines the ticked meals need into the list: the plan's own lines are updated, never
 * the ones ticked, edited or added by hand.
 */
export async function buildShoppingList(lines: PlanLineInput[]): Promise<PlanWriteResult> {
  shopWeek.building = true;
  try {
    return await writePlanLines(lines);
  } finally {
    shopWeek.building = false;
  }
}

async function fetchBasket(): Promise<void> {
  basket.loading = true;
  try {
    basket.answer = ref(await priceShoppingList());
    basket.error = null;
  } catch (error) {
    console.error('pricing the basket failed', error);
    basket.error = error instanceof Error ? error.message : 'Prices are unavailable right now.';
  } finally {
    basket.loading = false;
  }
}

/** Prices the list; overlapping calls are coalesced, so the answer is never older than the list. */
export const loadBasket = coalesced(fetchBasket);

/**
 * A price import (its row in the log, issue 18) means shelf prices changed. Opened by the screens
 * that show prices live (the basket, the week), not the shell, so the first page stays small.
 * The log is reference data, broadcast to one private topic every signed-in person hears.
 */
export function subscribePriceImports(onPrices: () => void): () => void {
  return subscribeTopic('prices', [topicTable('price_imports', onPrices, onPrices)]);
}

export function useShopWeek() {
  return useSnapshot(shopWeek);
}

export function useBasket(): { answer: BasketAnswer | null; loading: boolean; error: string | null } {
  const snap = useSnapshot(basket);
  return { answer: snap.answer as BasketAnswer | null, loading: snap.loading, error: snap.error };
}
