import { SampleBadge } from '../../../components/ui/sample-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ProductPrice } from '../derive.ts';

/** Where a price comes from, in words: sample data always says "sample prices". */
export function SourceLabel({ price }: { price: ProductPrice }) {
  return (
    <>
      {price.sample ? <SampleBadge sample /> : <span className="muted">{price.product.source}</span>}
      {price.byName ? <span className="small muted"> · matched by its name</span> : null}
    </>
  );
}

/** When the product was last seen, and whether that makes its price stale (over 7 days). */
export function LastSeen({ price }: { price: ProductPrice }) {
  return (
    <>
      {formatDate(price.product.last_seen)}
      {price.stale ? (
        <>
          {' '}
          <span className="badge stale">Stale</span>{' '}
          <span className="muted">not seen for {price.unseenDays} days</span>
        </>
      ) : null}
    </>
  );
}
