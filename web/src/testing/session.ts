import type { Session } from '@supabase/supabase-js';
import { auth, setSession } from '../features/auth/store.ts';

/** A session object as supabase-js hands it to the app; only its shape matters to the views. */
export function fakeSession(userId = '00000000-0000-4000-8000-000000000001'): Session {
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: userId,
      email: 'pat@example.com',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: { full_name: 'Pat Example' },
      created_at: new Date().toISOString(),
    },
  };
}

/**
 * Puts the session store in a state. 'stored' is a session read from storage that the server
 * has not vouched for yet (it may have been revoked).
 */
export function setStatus(status: 'loading' | 'signed-in' | 'signed-out' | 'stored'): void {
  auth.ended = false;
  auth.confirmed = status !== 'loading' && status !== 'stored';
  if (status === 'loading') {
    auth.status = 'loading';
    auth.session = null;
  } else setSession(status === 'signed-out' ? null : fakeSession());
}
