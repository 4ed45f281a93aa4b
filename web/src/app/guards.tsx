import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { paths, safeRedirect } from '../config/paths.ts';
import { useAuth } from '../features/auth/store.ts';

/** Spec 2: private routes wait for the session, then send visitors to sign in and back again. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signed-out') {
    const back = search ? `${location}?${search}` : location;
    return <Redirect to={`${paths.signIn}?next=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}

/**
 * Spec 2: a signed-in user on /sign-in or /sign-up goes on (to where they were headed, else /),
 * once the server has confirmed the session: a stored session it revoked or let expire must
 * land on the form, which then says the session has ended, not on the page behind it.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status, confirmed } = useAuth();
  const search = useSearch();
  if (status === 'signed-in') {
    if (!confirmed) return <FullScreenSpinner />;
    const next = new URLSearchParams(search).get('next');
    return <Redirect to={safeRedirect(next)} replace />;
  }
  return <>{children}</>;
}
