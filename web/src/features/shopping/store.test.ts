import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShoppingItem } from './api.ts';
import { savedQueue, saveList } from './offline.ts';
import {
  removeFromShopping,
  resetShopping,
  shopping,
  undoRemoveFromShopping,
  watchShoppingConnection,
} from './store.ts';

const HOUSEHOLD = 'h-offline';

const item = (id: string, checked = false): ShoppingItem => ({
  id,
  user_id: 'u',
  name: `item ${id}`,
  ingredient_id: null,
  quantity: 2,
  plan_key: null,
  plan_quantity: null,
  plan_need: null,
  plan_meals: [],
  unit: 'kg',
  checked,
});

// Offline, the actions never reach a server: what they do is the queue and the list shown.
describe('removing a shopping line offline, and its Undo', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    saveList(HOUSEHOLD, [item('a', true), item('b')]);
    shopping.items = [item('a', true), item('b')];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    resetShopping();
    shopping.waiting = 0;
  });

  it('queues the removal, hides the line and returns it as it was', async () => {
    const removed = await removeFromShopping(HOUSEHOLD, 'a');
    expect(removed).toEqual(item('a', true));
    expect(shopping.items.map((i) => i.id)).toEqual(['b']);
    expect(savedQueue(HOUSEHOLD)).toEqual([{ kind: 'remove', id: 'a' }]);
    expect(shopping.waiting).toBe(1);
  });

  it('Undo before going online cancels the removal: the same line, ticked, and nothing to send', async () => {
    const removed = await removeFromShopping(HOUSEHOLD, 'a');
    await undoRemoveFromShopping(HOUSEHOLD, removed!);
    expect(savedQueue(HOUSEHOLD)).toEqual([]);
    expect(shopping.waiting).toBe(0);
    expect(shopping.items.find((i) => i.id === 'a')).toEqual(item('a', true));
    expect(shopping.items).toHaveLength(2);
  });

  it('a line unknown to the store is still removed, with nothing to undo', async () => {
    expect(await removeFromShopping(HOUSEHOLD, 'b-gone')).toBeNull();
    expect(savedQueue(HOUSEHOLD)).toEqual([{ kind: 'remove', id: 'b-gone' }]);
  });
});

// The watch starts once the page is idle; the connection may have come and gone before it.
describe('watching the connection, started late', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    shopping.offline = false;
  });

  it('back online before the watch started: the list no longer says offline', () => {
    shopping.offline = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const stop = watchShoppingConnection(HOUSEHOLD);
    expect(shopping.offline).toBe(false);
    stop();
  });

  it('gone offline before the watch started: the list says so', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const stop = watchShoppingConnection(HOUSEHOLD);
    expect(shopping.offline).toBe(true);
    stop();
  });
});
