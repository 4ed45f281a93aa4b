import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
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
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={headingId}
      // A close event comes a task after the closing. React's development checks (npm start)
      // close and open a dialog again as it first shows: that first close's event arrived with
      // the dialog open again, and shut it at once. Only a dialog still closed has closed.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
    >
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

/** What a confirmation asks: its title, one sentence, the button that does it, and what it does. */
export interface Confirmation {
  title: string;
  message: string;
  confirm: string;
  onConfirm: () => void;
}

/** An in-app stand-in for `window.confirm`: a modal dialog whose action runs only when chosen. */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation;
  onClose: () => void;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onClose();
    confirmation.onConfirm();
  };
  return (
    <Dialog title={confirmation.title} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <p>{confirmation.message}</p>
        <DialogActions submit={confirmation.confirm} onClose={onClose} />
      </form>
    </Dialog>
  );
}
