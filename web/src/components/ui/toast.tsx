import { useEffect } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { useLocation } from 'wouter';

export type ToastKind = 'error' | 'success' | 'info';
export interface ToastAction {
  label: string;
  run: () => void;
}
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A button beside the message, e.g. Undo after a delete; choosing it dismisses the toast. */
  action?: ToastAction;
  /** The page it was shown on, set when the toaster first shows it. */
  path: string | null;
}

/** Long enough to read a sentence; errors stay longer, as they say what to do next. */
export const TOAST_MS = 4000;
export const ERROR_TOAST_MS = 10_000;

export const toasts = proxy<{ items: Toast[] }>({ items: [] });
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

/** Shows a short message in the live region for a few seconds. */
export function showToast(message: string, kind: ToastKind = 'info', action?: ToastAction): void {
  const id = nextId++;
  toasts.items.push({ id, kind, message, path: null, ...(action ? { action } : {}) });
  // An action (Undo) needs the time to notice and reach it, as an error does.
  setTimeout(() => dismissToast(id), kind === 'error' || action ? ERROR_TOAST_MS : TOAST_MS);
}

/**
 * Pins new toasts to the page on screen, and dismisses the success and info toasts of pages the
 * person has left ("Recipe saved." means nothing on the pantry). Errors stay their time: they
 * may say what to do next. A screen that navigates after an action shows its toast after
 * navigating, so the toast belongs to the page it lands on.
 */
export function settleToasts(path: string): void {
  for (const t of toasts.items) if (t.path === null) t.path = path;
  const stale = toasts.items.filter((t) => t.path !== path && t.kind !== 'error');
  if (stale.length > 0) toasts.items = toasts.items.filter((t) => !stale.includes(t));
}

export function Toaster() {
  const snap = useSnapshot(toasts);
  const [location] = useLocation();
  useEffect(() => {
    settleToasts(location);
    return subscribe(toasts, () => settleToasts(location));
  }, [location]);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {snap.items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          {t.action ? (
            <button
              type="button"
              className="button small"
              onClick={() => {
                dismissToast(t.id);
                t.action?.run();
              }}
            >
              {t.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
