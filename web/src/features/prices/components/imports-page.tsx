import { useEffect } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { GENERIC_MESSAGE } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { loadPriceImports, usePriceImports } from '../store.ts';

const count = new Intl.NumberFormat('en-AU');

/** The price import log: what each import read and changed, who ran it and when. */
export function ImportsPage() {
  const { status, items } = usePriceImports();
  useEffect(() => {
    void loadPriceImports();
  }, []);
  return (
    <Page title="Price imports">
      <p className="muted">
        <Link href={paths.prices}>Prices</Link> · Every price feed imported, newest first. Import one with{' '}
        <code>npm run prices:import</code>.
      </p>
      {status === 'error' ? (
        <FormError message={GENERIC_MESSAGE} onRetry={() => void loadPriceImports()} />
      ) : status !== 'ready' ? (
        <Skeleton lines={2} label="Loading the import log..." />
      ) : items.length === 0 ? (
        <EmptyState title="No prices have been imported yet." />
      ) : (
        <div className="table-wrap">
          <table className="breakdown imports">
            <caption>Import log</caption>
            <thead>
              <tr>
                <th scope="col">Files</th>
                <th scope="col">Checksum</th>
                <th scope="col">Read</th>
                <th scope="col">Added</th>
                <th scope="col">Unchanged</th>
                <th scope="col">Quarantined</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.files.join(', ')}
                    {row.formats.includes('sample') ? (
                      <span className="badge sample">sample prices</span>
                    ) : null}
                  </th>
                  <td data-label="Checksum">
                    <code className="checksum">{row.checksum}</code>
                  </td>
                  <td data-label="Read">{count.format(row.rows_read)}</td>
                  <td data-label="Added">{count.format(row.rows_added)}</td>
                  <td data-label="Unchanged">{count.format(row.rows_unchanged)}</td>
                  <td data-label="Quarantined">{count.format(row.rows_quarantined)}</td>
                  <td data-label="Who">{row.imported_by}</td>
                  <td data-label="When">{formatDateTime(row.imported_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
