export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Covers the page; used while the session is unknown and while reloading after a lost connection. */
export function FullScreenSpinner({ text }: { text?: string }) {
  return (
    <div className="full-screen" role="status" aria-live="assertive">
      <span className="spinner" aria-hidden="true" />
      {text ? (
        <p className="full-screen-text">{text}</p>
      ) : (
        <span className="visually-hidden">Loading...</span>
      )}
    </div>
  );
}
