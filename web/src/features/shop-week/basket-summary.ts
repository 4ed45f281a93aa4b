import { type Basket, packsText } from '../../../../shared/basket/basket.ts';
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

/** One shop of a split: what to buy there, by name, and what it comes to. */
export interface SplitStop {
  chain: ChainKey;
  totalCents: number;
  items: { key: string; name: string; packs: string; costCents: number }[];
}

/**
 * The split's two shops, each with the lines the split buys there (the cheaper of the two for
 * each line) as its table shows them; `names` names the lines by key. Empty without a split.
 */
export function splitStops(basket: Basket, names: ReadonlyMap<string, { name: string }>): SplitStop[] {
  const split = basket.split;
  if (!split) return [];
  return split.chains.map((chain) => {
    const items = basket.chains[chain].lines
      .filter((l) => split.from[l.key] === chain)
      .map((l) => ({
        key: l.key,
        name: names.get(l.key)?.name ?? l.key,
        packs: packsText(l),
        costCents: l.costCents,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
    return { chain, totalCents: items.reduce((sum, i) => sum + i.costCents, 0), items };
  });
}
