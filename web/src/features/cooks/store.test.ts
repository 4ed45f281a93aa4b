import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import { COOK_ADD_FAILED, COOK_DELETE_FAILED, type Cook } from './api.ts';
import { applyCookChange, cooks, createCook, removeCook, resetCooks } from './store.ts';

const cook = (id: string, name: string): Cook => ({ id, name, user_id: 'u' });

describe('cooks store', () => {
  afterEach(resetCooks);

  it('keeps cooks sorted by name as realtime payloads arrive', () => {
    applyCookChange({ eventType: 'INSERT', new: cook('1', 'Zoe') } as Change<Cook>);
    applyCookChange({ eventType: 'INSERT', new: cook('2', 'Ana') } as Change<Cook>);
    expect(cooks.items.map((c) => c.name)).toEqual(['Ana', 'Zoe']);
    applyCookChange({ eventType: 'DELETE', old: { id: '2' } } as Change<Cook>);
    expect(cooks.items.map((c) => c.name)).toEqual(['Zoe']);
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
