import { Link } from 'wouter';
import { CHAIN_NAMES, CHAINS } from '../../../../../shared/pricing/types.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { GENERIC_MESSAGE } from '../../../lib/errors.ts';
import { loadIngredientPrices, useIngredientPrices } from '../store.ts';
import { ProductPriceCard } from './product-price.tsx';

/** An ingredient's products at each chain, their prices, verdicts and 12-week charts. */
export function IngredientPricesPage({ ingredientId, name }: { ingredientId: number; name: string }) {
  const { status, products } = useIngredientPrices([ingredientId]);
  const sample = products.some((p) => p.sample);
  return (
    <Page title={`Prices of ${name}`}>
      <p className="muted">
        <Link href={paths.prices}>All ingredients</Link> · Shelf prices per chain, judged against the
        product’s last 12 weeks. {sample ? <span className="badge sample">sample prices</span> : null}
      </p>
      {status === 'loading' ? (
        <Skeleton lines={3} label="Loading prices..." />
      ) : status === 'error' ? (
        <FormError
          message={GENERIC_MESSAGE}
          onRetry={() => void loadIngredientPrices([ingredientId], true)}
        />
      ) : products.length === 0 ? (
        <EmptyState title={`No chain product is matched to ${name} yet.`}>
          <p>Prices appear here once an imported feed matches a product to it.</p>
        </EmptyState>
      ) : (
        CHAINS.map((chain) => {
          const mine = products.filter((p) => p.product.chain === chain);
          return (
            <section key={chain} aria-labelledby={`chain-${chain}`} className="chain-prices">
              <h2 id={`chain-${chain}`}>{CHAIN_NAMES[chain]}</h2>
              {mine.length === 0 ? (
                <p className="muted">
                  No {CHAIN_NAMES[chain]} product is matched to {name}.
                </p>
              ) : (
                mine.map((p) => <ProductPriceCard key={p.product.id} price={p} />)
              )}
            </section>
          );
        })
      )}
    </Page>
  );
}
