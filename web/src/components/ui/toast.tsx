import { proxy, useSnapshot } from 'valtio';

export type ToastKind = 'error' | 'success' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const TOAST_MS = 5000;
export const toasts = proxy<{ items: Toast[] }>({ items: [] });
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

/** Shows a short message in the live region; errors stay a little longer to be read. */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  const id = nextId++;
  toasts.items.push({ id, kind, message });
  setTimeout(() => dismissToast(id), kind === 'error' ? TOAST_MS * 2 : TOAST_MS);
}

export function Toaster() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {snap.items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
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
