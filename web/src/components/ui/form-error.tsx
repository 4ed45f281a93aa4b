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
