import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../testing/session.ts';
import { sessionRejected } from './api.ts';
import { auth, startAuth } from './store.ts';

// supabase-js keeps the session under sb-<first label of the host>-auth-token.
const STORAGE_KEY = 'sb-127-auth-token';

describe('session state', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('becomes signed out when nothing is stored', async () => {
    const stop = startAuth();
    await waitFor(() => expect(auth.status).toBe('signed-out'));
    stop();
  });

  it('counts "Auth session missing!" as signed out', async () => {
    expect(await sessionRejected()).toBe(true);
  });

  it('keeps a stored session when the server cannot be reached (offline start)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEY, JSON.stringify(fakeSession()));
    const stop = startAuth();
    await waitFor(() => expect(auth.status).toBe('signed-in'));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('checking the session failed', expect.anything()),
    );
    expect(auth.status).toBe('signed-in');
    stop();
  });
});
