import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog, the browser's own (`showModal`): focus moves in and stays inside, Escape
 * closes it, focus returns to where it was after.
 */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return createPortal(
    <dialog ref={ref} className="dialog" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </dialog>,
    document.body,
  );
}

/** A dialog form's buttons: its action first, any others, then Cancel. */
export function DialogActions({
  submit,
  busy = false,
  onClose,
  children,
}: {
  submit: string;
  busy?: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="dialog-actions">
      <button type="submit" className="button primary" disabled={busy}>
        {submit}
      </button>
      {children}
      <button type="button" className="button ghost" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}
