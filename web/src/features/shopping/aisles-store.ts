import { proxy, useSnapshot } from 'valtio';
import { aisleOrder, moveAisle, type ShopCategory } from '../../../../shared/aisles/aisles.ts';
import { CHAINS, type ChainKey } from '../../../../shared/pricing/types.ts';
import { newestReads } from '../../lib/live-reads.ts';
import { type TopicTable, topicTable } from '../../lib/realtime.ts';
import { getHouseholdShop, type HouseholdShop, saveHouseholdShop } from './api.ts';

interface AislesState {
  chain: ChainKey | null;
  /** The walk through the store, all eight categories. */
  order: ShopCategory[];
  /** The household saved an order of its own (else its chain's default). */
  custom: boolean;
  subtractWhenCooked: boolean;
  loaded: boolean;
}

export const aisles = proxy<AislesState>({
  chain: null,
  order: aisleOrder(null, null),
  custom: false,
  subtractWhenCooked: true,
  loaded: false,
});

const chainOf = (value: unknown): ChainKey | null =>
  (CHAINS as readonly unknown[]).includes(value) ? (value as ChainKey) : null;

function apply(shop: HouseholdShop | null): void {
  aisles.chain = chainOf(shop?.chain);
  aisles.custom = Array.isArray(shop?.aisle_order);
  aisles.order = aisleOrder(aisles.chain, shop?.aisle_order ?? null);
  aisles.subtractWhenCooked = shop?.subtract_when_cooked ?? true;
}

// Offline, like the list: the last store seen, and an order changed offline waiting to be sent.
const savedKey = (householdId: string) => `larder:aisles:${householdId}`;
const pendingKey = (householdId: string) => `larder:aisles-pending:${householdId}`;

function read(key: string): HouseholdShop | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as HouseholdShop) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: HouseholdShop | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error('saving the aisle order offline failed', error);
  }
}

const current = (): HouseholdShop => ({
  chain: aisles.chain,
  aisle_order: aisles.custom ? [...aisles.order] : null,
  subtract_when_cooked: aisles.subtractWhenCooked,
});

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Changes on their way to the server. They go one at a time, in the order they were made, so two
 * quick moves cannot commit the wrong way round; and while any is on its way a read (a live
 * echo of an earlier one) is older than the screen and is not shown.
 */
let saving = 0;
let lastSave: Promise<unknown> = Promise.resolve();

/** Every live change reads the store again; of overlapping reads the newest answer stands. */
const reads = newestReads();

/** The household's store from the server (sending an order changed offline first), else the last one seen. */
export async function loadAisles(householdId: string): Promise<void> {
  try {
    const pending = read(pendingKey(householdId));
    if (pending && !isOffline()) {
      await saveHouseholdShop(householdId, pending);
      write(pendingKey(householdId), null);
    }
    const busy = saving > 0;
    const answered = await reads.read(() => getHouseholdShop(householdId));
    if (!answered || busy || saving > 0) return;
    apply(answered.answer);
    write(savedKey(householdId), current());
  } catch (error) {
    console.error('loading the store failed', error);
    apply(read(pendingKey(householdId)) ?? read(savedKey(householdId)));
  } finally {
    aisles.loaded = true;
  }
}

/** Shows a change at once and saves it; offline it waits and is sent when the list loads again. */
async function save(householdId: string, patch: Partial<HouseholdShop>): Promise<void> {
  const shop = current();
  write(savedKey(householdId), shop);
  if (isOffline()) {
    write(pendingKey(householdId), shop);
    return;
  }
  saving += 1;
  const mine = lastSave.then(() => saveHouseholdShop(householdId, patch));
  lastSave = mine.catch(() => {});
  try {
    await mine;
  } finally {
    saving -= 1;
  }
}

/** Moves an aisle to a position (drag and drop, or one step with the keyboard), kept for the household. */
export function moveAisleTo(householdId: string, category: ShopCategory, to: number): Promise<void> {
  aisles.order = moveAisle(aisles.order, category, to);
  aisles.custom = true;
  return save(householdId, { aisle_order: [...aisles.order] });
}

/** The chain the household shops at; its default order applies unless the household has its own. */
export function chooseChain(householdId: string, chain: ChainKey | null): Promise<void> {
  aisles.chain = chain;
  if (!aisles.custom) aisles.order = aisleOrder(chain, null);
  return save(householdId, { chain });
}

/** Back to the chain's default order. */
export function resetAisles(householdId: string): Promise<void> {
  aisles.custom = false;
  aisles.order = aisleOrder(aisles.chain, null);
  return save(householdId, { aisle_order: null });
}

export function setSubtractWhenCooked(householdId: string, on: boolean): Promise<void> {
  aisles.subtractWhenCooked = on;
  return save(householdId, { subtract_when_cooked: on });
}

/** Another member's reorder shows here too. */
export function liveAisles(householdId: string): TopicTable {
  const reload = () => void loadAisles(householdId);
  return topicTable('household_shops', reload, () => void (aisles.loaded && loadAisles(householdId)));
}

export function useAisles(): Readonly<AislesState> {
  return useSnapshot(aisles) as Readonly<AislesState>;
}
