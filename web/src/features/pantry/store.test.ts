import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdRead } from '../../testing/held-read.ts';
import type { PantryItem } from './api.ts';
import { loadPantry, pantry, resetPantry } from './store.ts';

const item = (id: string, name: string): PantryItem => ({
  id,
  user_id: 'u',
  name,
  ingredient_id: null,
  quantity: 1,
  unit: null,
  use_by: null,
});

describe('pantry store', () => {
  afterEach(() => {
    resetPantry();
    vi.restoreAllMocks();
  });

  it('keeps the newest read of the pantry when an older one answers after it', async () => {
    const reads = holdRead('pantry');
    const older = loadPantry('h');
    await reads.sent(1);
    // A live change reads the pantry again while the first read is still on its way.
    const newer = loadPantry('h');
    await reads.sent(2);
    reads.answer([item('1', 'rice'), item('2', 'milk')], 1);
    await newer;
    reads.answer([item('1', 'rice')], 0);
    await older;
    expect(pantry.items.map((i) => i.name)).toEqual(['rice', 'milk']);
  });
});
