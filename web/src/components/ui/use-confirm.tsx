import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { Confirmation } from './dialog.tsx';

// The dialog's code comes when something is asked, not with every screen that might ask.
const ConfirmDialog = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/**
 * A confirmation to show where it is needed: `ask(…)` opens it, and `dialog` is the element to
 * render (null while nothing is asked).
 */
export function useConfirm(): { ask: (confirmation: Confirmation) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const dialog = asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog confirmation={asked} onClose={() => setAsked(null)} />
    </Suspense>
  ) : null;
  return { ask: setAsked, dialog };
}
