export function FormError({
  message,
  reasons = [],
}: {
  message: string | null;
  reasons?: readonly string[];
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
    </div>
  );
}
