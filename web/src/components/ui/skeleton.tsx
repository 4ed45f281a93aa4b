export function Skeleton({
  lines = 3,
  label = 'Loading...',
  className = 'skeleton-list',
}: {
  lines?: number;
  label?: string;
  /** The layout of the real content, so nothing shifts when it arrives. */
  className?: string;
}) {
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="skeleton card" aria-hidden="true" />
      ))}
    </div>
  );
}
