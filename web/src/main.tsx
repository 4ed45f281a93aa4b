import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/routes.tsx';
import { reloadForNewRelease } from './lib/stale-release.ts';
import { configProblem, makeClient } from './lib/supabase.ts';
import { whenIdle } from './lib/when-idle.ts';
import './styles.css';

if (configProblem) {
  createRoot(document.getElementById('root')!).render(
    <main className="main main-public">
      <h1>Larder is not configured</h1>
      <p role="alert">{configProblem.message}</p>
    </main>,
  );
} else {
  void preloadScreen(window.location.pathname);
  reloadForNewRelease();
  // Three tasks, not one: evaluating the modules (React, supabase-js, the shell), making the
  // Supabase client, and React's first call into its renderer are each a few milliseconds, and
  // together one task long enough to block input on a phone. The first render is a transition:
  // it (and the screen it opens) is drawn in slices the browser can interleave with its own work.
  setTimeout(() => {
    makeClient();
    setTimeout(() =>
      startTransition(() =>
        createRoot(document.getElementById('root')!).render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      ),
    );
  });
}

// The service worker (offline shell, installable app) registers once the first screen has
// settled: registering checks sw.js for an update and, on a first visit, precaches the build —
// work that would otherwise compete with drawing the page people came for.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () =>
    whenIdle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }), 5000),
  );
}
