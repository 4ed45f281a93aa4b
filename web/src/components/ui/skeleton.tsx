export function Skeleton({ lines = 3, label = 'Loading...' }: { lines?: number; label?: string }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton card" aria-hidden="true" />
      ))}
    </div>
  );
}
