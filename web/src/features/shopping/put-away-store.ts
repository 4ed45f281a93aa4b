import { proxy, useSnapshot } from 'valtio';
import type { BaseUnit } from '../../../../shared/basket/needs.ts';
import { formatAmountText } from '../../../../shared/display/amount.ts';
import { CHAIN_NAMES, type ChainKey } from '../../../../shared/pricing/types.ts';
import type { BoughtLine } from '../../../../shared/put-away/put-away.ts';
import { priceBoughtLines, putAwayShopping, type ShoppingItem, undoPutAway } from './api.ts';
import { loadShopping } from './store.ts';

/** What a ticked line is put away as: an amount, its unit, and where it came from. */
export interface BoughtAmount {
  quantity: number;
  unit: string | null;
  /** "2 × 500g at Coles", or null for the line's own amount. */
  packs: string | null;
  /** In the person's hands (focused or typed): packs priced later never replace it. */
  held?: boolean;
}

interface PutAwayState {
  /** The ticked lines' amounts, by shopping line id, while the panel is open; null: closed. */
  amounts: Record<string, BoughtAmount> | null;
  busy: boolean;
  /** Refused amounts by shopping line id. */
  errors: Record<string, string>;
  /** The last put-away, until undone or another is made. */
  last: { id: string; moved: number } | null;
}

export const putAway = proxy<PutAwayState>({ amounts: null, busy: false, errors: {}, last: null });

/**
 * Opens put-away for the ticked lines: each amount is the whole packs the chosen chain sells for
 * it (the household's store, else the basket's cheapest), priced by price-basket; a line of an
 * own ingredient with a pack is whole packs of it (issue 20); a line the chain has no pack for,
 * or free text, keeps its own amount (1 when it has none).
 */
export async function startPutAway(ticked: readonly ShoppingItem[], chain: ChainKey | null): Promise<void> {
  // Packs and the pantry's rules load when shopping is put away, not with the list.
  const [{ packsText }, { ownPacksBought, packOfIngredient }, { packsBought }] = await Promise.all([
    import('../../../../shared/basket/basket.ts'),
    import('../../../../shared/put-away/own-packs.ts'),
    import('../../../../shared/put-away/packs-bought.ts'),
  ]);
  const own = (i: ShoppingItem): BoughtAmount => {
    const pack = packOfIngredient(i.ingredients);
    const bought = pack ? ownPacksBought(i.quantity, i.unit, i.name, pack) : null;
    return bought && pack
      ? {
          quantity: bought.amount,
          unit: bought.unit,
          packs: `${bought.packs} × ${formatAmountText(pack.size, bought.unit)}, your pack`,
        }
      : { quantity: i.quantity ?? 1, unit: i.unit, packs: null };
  };
  putAway.errors = {};
  putAway.amounts = Object.fromEntries(ticked.map((i) => [i.id, own(i)]));
  const priced = await priceBoughtLines(
    ticked.flatMap((i) =>
      i.ingredient_id !== null && i.quantity !== null
        ? [{ ingredient_id: i.ingredient_id, amount: i.quantity, unit: i.unit }]
        : [],
    ),
  ).catch(() => null);
  if (!priced || putAway.amounts === null) return;
  const at = chain ?? priced.basket.cheapest?.chain ?? null;
  if (at === null) return;
  for (const item of ticked) {
    const need = priced.lines.find((l) => l.key === `i:${item.ingredient_id}`);
    const line = priced.basket.chains[at].lines.find((l) => l.key === need?.key);
    if (!need || !line || need.base === null || putAway.amounts[item.id]?.held) continue;
    putAway.amounts[item.id] = {
      quantity: packsBought(line, need.base),
      unit: (need.base as BaseUnit) === 'each' ? 'each' : need.base,
      packs: `${packsText(line)} at ${CHAIN_NAMES[at]}`,
    };
  }
}

export function closePutAway(): void {
  putAway.amounts = null;
  putAway.errors = {};
}

/**
 * The person has an amount in hand: it keeps the value it shows, whatever packs are priced
 * after. Typing the value already shown changes nothing, so typing alone cannot say so.
 */
export function holdAmount(id: string): void {
  const amount = putAway.amounts?.[id];
  if (amount) amount.held = true;
}

/** A typed amount replaces the packs' (the unit stays); an empty or bad one is refused on putting away. */
export function typeAmount(id: string, text: string): void {
  const amount = putAway.amounts?.[id];
  if (amount)
    Object.assign(amount, {
      quantity: text.trim() === '' ? Number.NaN : Number(text),
      packs: null,
      held: true,
    });
}

/**
 * Puts the ticked lines away in one action (put_away_shopping): merged into the pantry as
 * shared's planPutAway says, all or nothing. Refused amounts are shown by line and nothing is
 * written; returns how many lines moved, or null when refused.
 */
export async function putAwayTicked(
  householdId: string,
  ticked: readonly ShoppingItem[],
): Promise<number | null> {
  const amounts = putAway.amounts ?? {};
  const lines: BoughtLine[] = ticked.map((i) => ({
    shopping_id: i.id,
    name: i.name,
    ingredient_id: i.ingredient_id,
    quantity: amounts[i.id]?.quantity ?? i.quantity,
    unit: amounts[i.id]?.unit ?? i.unit,
  }));
  putAway.busy = true;
  try {
    const [{ planPutAway }, { listPantryRows }] = await Promise.all([
      import('../../../../shared/put-away/put-away.ts'),
      import('../../lib/pantry-rows.ts'),
    ]);
    const plan = planPutAway(await listPantryRows(householdId), lines, () => crypto.randomUUID());
    putAway.errors = Object.fromEntries(
      plan.errors.map((e) => [lines[Number(/\d+/.exec(e.field)?.[0])]?.shopping_id ?? '', e.message]),
    );
    if (plan.errors.length > 0) return null;
    putAway.last = await putAwayShopping(plan.entries);
    putAway.amounts = null;
    return putAway.last.moved;
  } finally {
    putAway.busy = false;
    await loadShopping(householdId);
  }
}

/** Undoes the last put-away; the notes say which of the others' changes were kept. */
export async function undoLastPutAway(householdId: string): Promise<string[]> {
  const last = putAway.last;
  if (!last) return [];
  try {
    const notes = await undoPutAway(last.id);
    putAway.last = null;
    return notes;
  } finally {
    await loadShopping(householdId);
  }
}

export function usePutAway() {
  return useSnapshot(putAway);
}
