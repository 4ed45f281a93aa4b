import type { Basket } from '../../../../shared/basket/basket.ts';
import { CHAINS, type ChainKey } from '../../../../shared/pricing/types.ts';

/** What the basket answers, in the words the screen needs. */
export interface BasketSummary {
  /** 'empty': nothing to buy; 'unpriced': nothing on the list has a price; else 'priced'. */
  state: 'empty' | 'unpriced' | 'priced';
  /** The cheapest single shop, and the chains that cost exactly the same (listed after it). */
  cheapest: { chain: ChainKey; totalCents: number; tiedWith: ChainKey[] } | null;
  split: {
    chains: [ChainKey, ChainKey];
    totalCents: number;
    /** Against the cheapest single shop; null when no single chain sells everything. */
    savingCents: number | null;
    /** Worth the second trip: it saves at least the person's smallest saving, or is the only way to buy it all. */
    worth: boolean;
  } | null;
  unpriced: readonly string[];
}

/**
 * The basket's answer as shown: the cheapest chain (ties named: shared breaks them by chain
 * order), the split and whether its saving reaches `minSavingCents` (the profile's smallest
 * saving worth a second trip), and what no chain prices.
 */
export function summariseBasket(basket: Basket, minSavingCents: number): BasketSummary {
  const toBuy = CHAINS.reduce(
    (n, c) => Math.max(n, basket.chains[c].priced + basket.chains[c].unpriced.length),
    0,
  );
  const priced = CHAINS.some((c) => basket.chains[c].priced > 0);
  const state = toBuy === 0 && basket.unpriced.length === 0 ? 'empty' : priced ? 'priced' : 'unpriced';
  const cheapest = basket.cheapest
    ? {
        ...basket.cheapest,
        tiedWith: CHAINS.filter(
          (c) =>
            c !== basket.cheapest?.chain &&
            basket.chains[c].totalCents === basket.cheapest?.totalCents &&
            basket.chains[c].priced === basket.chains[basket.cheapest.chain].priced,
        ),
      }
    : null;
  const split = basket.split
    ? {
        chains: basket.split.chains,
        totalCents: basket.split.totalCents,
        savingCents: basket.split.savingCents,
        worth: basket.split.savingCents === null || basket.split.savingCents >= minSavingCents,
      }
    : null;
  return { state, cheapest, split, unpriced: basket.unpriced };
}
