import type { User } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import { holdRead } from '../../testing/held-read.ts';
import type { Profile } from './api.ts';
import { applyProfileChange, loadProfile, profile, resetProfile } from './store.ts';

const user = { id: 'u1', email: 'ada@example.test' } as User;

describe('profile store', () => {
  afterEach(() => {
    resetProfile();
    localStorage.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens without a connection in the household this device saw last (issue 20: 5)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // No connection: the browser says so, and every request fails as it would.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    localStorage.setItem('larder:profile:u1', JSON.stringify({ name: 'Ada', household_id: 'h1' }));
    localStorage.setItem('larder:profile:u2', JSON.stringify({ name: 'Bo', household_id: 'h2' }));
    const loading = loadProfile(user);
    expect(profile.profile?.household_id).toBe('h1');
    await vi.runAllTimersAsync();
    await loading;
    expect(profile.profile?.household_id).toBe('h1');
    expect(profile.loaded).toBe(true);
  });

  it('keeps a change saved on another device while the profile was being read', async () => {
    const read = holdRead('users');
    const loading = loadProfile(user);
    await read.sent();
    applyProfileChange({ eventType: 'UPDATE', new: { name: 'Ada', household_id: 'h2' } } as Change<Profile>);
    read.answer([{ name: 'Ada', household_id: 'h1' }]);
    await loading;
    expect(profile.profile?.household_id).toBe('h2');
  });

  it('keeps the profile it loaded for the next time, under its owner', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ name: 'Ada', household_id: 'h3' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await loadProfile(user);
    await Promise.resolve();
    expect(JSON.parse(localStorage.getItem('larder:profile:u1') ?? 'null')).toMatchObject({
      household_id: 'h3',
    });
  });
});
