import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { startTransition, useEffect, useState } from 'react';
import { proxy, ref, snapshot, subscribe, useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { storedSessionAtStart, supabase } from '../../lib/supabase.ts';
import { secondFactorNeeded, sessionRejected, signedOutOnPurpose } from './api.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthState {
  status: SessionStatus;
  session: Session | null;
  /** True after a recovery link signed the user in, until the new password is saved. */
  recovering: boolean;
  /**
   * The server has vouched for the session (or there is none): until then a stored session may
   * be one it revoked, so /sign-in waits rather than sending the person on.
   */
  confirmed: boolean;
  /** The session ended without the person signing out (revoked, expired): sign-in says so. */
  ended: boolean;
  /**
   * Whether the session still has to prove the second factor (an authenticator app's code):
   * 'checking' while supabase-js works it out for a newly signed-in person with one set up.
   */
  secondFactor: 'ok' | 'checking' | 'needed';
}

export const auth = proxy<AuthState>({
  status: 'loading',
  session: null,
  recovering: false,
  confirmed: false,
  ended: false,
  secondFactor: 'ok',
});

/**
 * The notice outlives a reload of the tab: a page whose session ended also loses its live
 * channels, and reloads itself, and the reloaded page finds no stored session to say so of.
 */
const ENDED_KEY = 'larder:session-ended';

function rememberEnded(ended: boolean): void {
  try {
    if (ended) sessionStorage.setItem(ENDED_KEY, '1');
    else sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // Storage refused (a private window's quota): the notice then lasts as long as the page.
  }
}

/** Read once, as the page starts: said again (and kept) only if this start ends signed out. */
function takeEndedBeforeReload(): boolean {
  try {
    const ended = sessionStorage.getItem(ENDED_KEY) !== null;
    sessionStorage.removeItem(ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}

/**
 * Follows the session's assurance level as supabase-js's auth.mfa reports it. Someone without a
 * verified factor needs nothing more. For someone with one, a new sign-in waits ('checking')
 * until it is known; a refreshed token of the same person keeps what is shown meanwhile.
 */
function followSecondFactor(session: Session | null): void {
  const before = auth.session;
  const hasFactor = session?.user.factors?.some((f) => f.status === 'verified') ?? false;
  if (!session || !hasFactor) {
    auth.secondFactor = 'ok';
    return;
  }
  if (!before || before.user.id !== session.user.id) auth.secondFactor = 'checking';
  // Not from inside supabase-js's own auth event: its lock is held until the handler returns.
  setTimeout(() => {
    secondFactorNeeded()
      .then((needed) => {
        if (auth.session?.access_token === session.access_token) auth.secondFactor = needed ? 'needed' : 'ok';
      })
      .catch((error: unknown) => {
        console.error('checking the sign-in level failed', error);
        if (auth.session?.access_token === session.access_token && auth.secondFactor === 'checking')
          auth.secondFactor = 'needed';
      });
  }, 0);
}

export function setSession(session: Session | null): void {
  followSecondFactor(session);
  auth.session = session ? ref(session) : null;
  auth.status = session ? 'signed-in' : 'signed-out';
}

/** A session this page got from the server itself (a sign-in or sign-up form). */
export function signedIn(session: Session): void {
  setSession(session);
  auth.confirmed = true;
  auth.ended = false;
}

/** The server no longer accepts the session: drop it here and tell the person on the sign-in form. */
export async function endSession(): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
  setSession(null);
  auth.confirmed = true;
  auth.ended = true;
}

export function applyAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  if (event === 'PASSWORD_RECOVERY') auth.recovering = true;
  if (event === 'SIGNED_OUT') {
    auth.recovering = false;
    auth.confirmed = true;
    // A refresh the server refused, or a revoked session; a sign-out asked for in any tab is not.
    if (auth.status === 'signed-in' && !signedOutOnPurpose()) auth.ended = true;
  }
  // Another tab signed in (the event is broadcast), or the server refreshed the token.
  if ((event === 'SIGNED_IN' && auth.status === 'signed-out') || event === 'TOKEN_REFRESHED') {
    auth.confirmed = true;
    auth.ended = false;
  }
  setSession(session);
}

/**
 * Follows supabase-js's session events (which it also broadcasts to the other tabs, so a
 * sign-out in one tab signs out all), and confirms a stored session with the server once:
 * 'Auth session missing!' or a revoked user counts as signed out (spec 8), and the sign-in form
 * then says the session has ended. A stored session supabase-js dropped on start (its refresh
 * refused) ends the same way.
 */
export function startAuth(): () => void {
  const endedBeforeReload = takeEndedBeforeReload();
  const stopRemembering = subscribeKey(auth, 'ended', rememberEnded, true);
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    applyAuthEvent(event, session);
    if (event !== 'INITIAL_SESSION') return;
    if (!session) {
      auth.confirmed = true;
      if (storedSessionAtStart || endedBeforeReload) auth.ended = true;
      return;
    }
    void sessionRejected().then((rejected) => {
      if (rejected) void endSession();
      else auth.confirmed = true;
    });
  });
  return () => {
    stopRemembering();
    data.subscription.unsubscribe();
  };
}

/**
 * The session as the screens follow it. A change renders as a transition: the page that opens
 * signed in learns so a moment after its first render, and the screen that then mounts (the
 * shell, the recipe list) is drawn in slices the browser can interleave with input and
 * painting. Through `useSnapshot` a store's change renders at once, in one long task.
 */
export function useAuth(): Readonly<AuthState> {
  const [state, setState] = useState(() => snapshot(auth));
  useEffect(() => {
    const follow = () => startTransition(() => setState(snapshot(auth)));
    follow();
    return subscribe(auth, follow);
  }, []);
  return state as Readonly<AuthState>;
}

export function useUserId(): string | null {
  return useSnapshot(auth).session?.user.id ?? null;
}
