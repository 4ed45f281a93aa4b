import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import { holdRead } from '../../testing/held-read.ts';
import type { FavouriteRow } from './api.ts';
import {
  applyFavouriteChange,
  favourites,
  loadFavourites,
  resetFavourites,
  toggleFavourite,
} from './store.ts';

// The test client points at a closed port (web/vitest.config.ts), so every server call fails for
// real, which is the failure the rollback exists for.
const userId = '00000000-0000-4000-8000-000000000001';

describe('favourites store', () => {
  afterEach(() => {
    resetFavourites();
    vi.restoreAllMocks();
  });

  it('adds at once and rolls back when the server call fails, logging only', async () => {
    favourites.ids = ['a'];
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = toggleFavourite(userId, 'b');
    expect(favourites.ids).toEqual(['a', 'b']);
    await pending;
    expect(favourites.ids).toEqual(['a']);
    expect(log).toHaveBeenCalledWith('saving the favourite failed', expect.anything());
  });

  it('removes at once and puts the recipe back when the server call fails', async () => {
    favourites.ids = ['a', 'b'];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = toggleFavourite(userId, 'a');
    expect(favourites.ids).toEqual(['b']);
    await pending;
    expect([...favourites.ids].sort()).toEqual(['a', 'b']);
  });

  it('keeps changes made meanwhile when rolling one recipe back', async () => {
    favourites.ids = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = toggleFavourite(userId, 'x');
    applyFavouriteChange({
      eventType: 'INSERT',
      new: { user_id: userId, recipe_id: 'y' },
    } as Change<FavouriteRow>);
    await pending;
    expect(favourites.ids).toEqual(['y']);
  });

  it('keeps favourites changed on another device while a read was on its way', async () => {
    const read = holdRead('favourites');
    const loading = loadFavourites(userId);
    await read.sent();
    applyFavouriteChange({
      eventType: 'INSERT',
      new: { user_id: userId, recipe_id: 'c' },
    } as Change<FavouriteRow>);
    applyFavouriteChange({
      eventType: 'DELETE',
      old: { user_id: userId, recipe_id: 'a' },
    } as Change<FavouriteRow>);
    read.answer([{ recipe_id: 'a' }, { recipe_id: 'b' }]);
    await loading;
    expect([...favourites.ids].sort()).toEqual(['b', 'c']);
  });

  it('applies realtime inserts and deletes without duplicates', () => {
    favourites.ids = ['a'];
    const insert = { eventType: 'INSERT', new: { user_id: userId, recipe_id: 'b' } } as Change<FavouriteRow>;
    applyFavouriteChange(insert);
    applyFavouriteChange(insert);
    expect(favourites.ids).toEqual(['a', 'b']);
    applyFavouriteChange({
      eventType: 'DELETE',
      old: { user_id: userId, recipe_id: 'a' },
    } as Change<FavouriteRow>);
    expect(favourites.ids).toEqual(['b']);
  });
});
