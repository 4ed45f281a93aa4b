import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import { holdRead } from '../../testing/held-read.ts';
import { COOK_ADD_FAILED, COOK_DELETE_FAILED, type Cook } from './api.ts';
import { applyCookChange, cooks, createCook, loadCooks, removeCook, resetCooks } from './store.ts';

const cook = (id: string, name: string): Cook => ({ id, name, user_id: 'u' });

describe('cooks store', () => {
  afterEach(() => {
    resetCooks();
    vi.restoreAllMocks();
  });

  it('keeps cooks sorted by name as realtime payloads arrive', () => {
    applyCookChange({ eventType: 'INSERT', new: cook('1', 'Zoe') } as Change<Cook>);
    applyCookChange({ eventType: 'INSERT', new: cook('2', 'Ana') } as Change<Cook>);
    expect(cooks.items.map((c) => c.name)).toEqual(['Ana', 'Zoe']);
    applyCookChange({ eventType: 'DELETE', old: { id: '2' } } as Change<Cook>);
    expect(cooks.items.map((c) => c.name)).toEqual(['Zoe']);
  });

  it('keeps a cook added live while a read was on its way, whose older answer lacks them', async () => {
    const read = holdRead('cooks');
    const loading = loadCooks('h');
    await read.sent();
    applyCookChange({ eventType: 'INSERT', new: cook('2', 'Ana') } as Change<Cook>);
    applyCookChange({ eventType: 'UPDATE', new: cook('1', 'Zoe Li') } as Change<Cook>);
    read.answer([cook('1', 'Zoe')]);
    await loading;
    expect(cooks.items.map((c) => c.name)).toEqual(['Ana', 'Zoe Li']);
  });

  // The test client's server is unreachable: the catalogue's generic messages are what users see.
  it('reports the catalogue message when adding fails without an answer from add-cook', async () => {
    await expect(createCook('Sam')).rejects.toThrow(COOK_ADD_FAILED);
    expect(cooks.items).toEqual([]);
  });

  it('reports the catalogue message and keeps the cook when deleting fails', async () => {
    cooks.items = [cook('1', 'Sam')];
    await expect(removeCook('1')).rejects.toThrow(COOK_DELETE_FAILED);
    expect(cooks.items).toHaveLength(1);
  });
});
