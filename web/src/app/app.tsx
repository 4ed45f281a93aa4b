import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { startAuth, useAuth } from '../features/auth/store.ts';
import { connection } from '../lib/realtime.ts';
import { AppRoutes } from './routes.tsx';
import { SignedInShell } from './shell.tsx';

// Only people with an authenticator app see it, once per sign-in.
const SecondFactorForm = lazy(() =>
  import('../features/auth/components/second-factor-form.tsx').then((m) => ({ default: m.SecondFactorForm })),
);

/** Spec 2: while the page reloads after a lost realtime connection, only the spinner shows. */
function Refreshing() {
  const { refreshing } = useSnapshot(connection);
  return refreshing ? <FullScreenSpinner text="Refreshing..." /> : null;
}

export function Layout() {
  const { status, session, secondFactor } = useAuth();
  return (
    <>
      {status === 'signed-in' && session && secondFactor === 'checking' ? (
        <FullScreenSpinner />
      ) : status === 'signed-in' && session && secondFactor === 'needed' ? (
        <main id="main" className="main main-public">
          <Suspense fallback={<FullScreenSpinner />}>
            <SecondFactorForm />
          </Suspense>
        </main>
      ) : status === 'signed-in' && session ? (
        <SignedInShell user={session.user}>
          <AppRoutes />
        </SignedInShell>
      ) : (
        <main id="main" className="main main-public">
          <AppRoutes />
        </main>
      )}
      <Toaster />
      <Refreshing />
    </>
  );
}

export function App() {
  useEffect(() => startAuth(), []);
  return <Layout />;
}
