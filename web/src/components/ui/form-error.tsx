import type { FormEvent } from 'react';
import type { Problem } from '../../lib/errors.ts';

/** A form's failure: one plain sentence, a weak password's reasons, and Retry when it may help. */
export function FormError({
  message,
  reasons = [],
  onRetry,
}: {
  message: string | null;
  reasons?: readonly string[];
  onRetry?: (() => void) | null;
}) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <p>{message}</p>
      {reasons.length > 0 ? (
        <ul>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      {onRetry ? (
        <button type="button" className="button small" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

/**
 * A form's end: its failure (Retry, when it may help, runs `onRetry` again) and its submit
 * button, named by its action and showing `pendingLabel` while the action runs.
 */
export function FormEnd({
  problem,
  onRetry,
  pending,
  label,
  pendingLabel = label,
}: {
  problem: Problem | null;
  onRetry: (() => void) | null;
  pending: boolean;
  label: string;
  pendingLabel?: string;
}) {
  return (
    <>
      <FormError
        message={problem?.message ?? null}
        reasons={problem?.reasons}
        onRetry={problem?.retry ? onRetry : null}
      />
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}

/** A form's onSubmit that runs `save` in the page rather than sending the form anywhere. */
export function submitTo(save: () => void): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    save();
  };
}
