import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { proxy, ref, useSnapshot } from 'valtio';
import { supabase } from '../../lib/supabase.ts';
import { sessionRejected } from './api.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthState {
  status: SessionStatus;
  session: Session | null;
  /** True after a recovery link signed the user in, until the new password is saved. */
  recovering: boolean;
}

export const auth = proxy<AuthState>({ status: 'loading', session: null, recovering: false });

export function setSession(session: Session | null): void {
  auth.session = session ? ref(session) : null;
  auth.status = session ? 'signed-in' : 'signed-out';
}

export function applyAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  if (event === 'PASSWORD_RECOVERY') auth.recovering = true;
  if (event === 'SIGNED_OUT') auth.recovering = false;
  setSession(session);
}

/**
 * Follows supabase-js's session events (which it also broadcasts to the other tabs, so a
 * sign-out in one tab signs out all), and confirms a stored session with the server once:
 * 'Auth session missing!' or a revoked user counts as signed out (spec 8).
 */
export function startAuth(): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    applyAuthEvent(event, session);
    if (event === 'INITIAL_SESSION' && session) {
      void sessionRejected().then((rejected) => {
        if (rejected) void supabase.auth.signOut({ scope: 'local' }).finally(() => setSession(null));
      });
    }
  });
  return () => data.subscription.unsubscribe();
}

export function useAuth(): Readonly<AuthState> {
  return useSnapshot(auth) as Readonly<AuthState>;
}

export function useUserId(): string | null {
  return useSnapshot(auth).session?.user.id ?? null;
}
