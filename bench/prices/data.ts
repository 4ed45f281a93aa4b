/**
 * Generated feeds for the prices bench: invented products and weekly shelf prices in the Larder
 * CSV format (docs/price-feed.md), deterministic (a seeded generator), never real data.
 */

/** mulberry32: the same numbers on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHAINS = ['coles', 'woolworths', 'aldi'] as const;
const MS_PER_DAY = 86_400_000;
const iso = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

export interface BenchFeed {
  /** products.csv: `products` products, SKUs `${prefix}1…`. */
  products: string;
  /** prices.csv: one row per product and week, `weeks` weeks ending before `lastDay`. */
  prices: string;
  rows: number;
}

/**
 * `products × weeks` weekly price rows (100,000 = 2,000 × 50): a regular price that moves every
 * six to ten weeks, and specials (20–30 % off, the regular price as "was") in about one week in
 * eight, as supermarket feeds look. The header of prices.csv is the bare-table COPY's too.
 */
export function benchFeed(
  prefix: string,
  products: number,
  weeks: number,
  lastDay: string,
  seed = 18,
): BenchFeed {
  const rng = random(seed);
  const firstDay = Date.parse(`${lastDay}T00:00:00Z`) / MS_PER_DAY - 7 * weeks + 1;
  const productLines = ['chain,sku,name,pack_size,pack_unit,source'];
  const priceLines = ['chain,sku,date,last_seen,price_cents,was_cents,promo,source'];
  for (let p = 1; p <= products; p++) {
    const chain = CHAINS[p % 3] as string;
    const sku = `${prefix}${p}`;
    productLines.push(`${chain},${sku},Bench product ${p},${100 * (1 + (p % 20))},g,bench`);
    let regular = 100 + Math.floor(rng() * 1900);
    let nextChange = 6 + Math.floor(rng() * 5);
    for (let w = 0; w < weeks; w++) {
      if (w === nextChange) {
        regular = Math.max(10, Math.round(regular * (0.95 + rng() * 0.12)));
        nextChange += 6 + Math.floor(rng() * 5);
      }
      const from = firstDay + 7 * w;
      const special = rng() < 0.125;
      const price = special ? Math.round(regular * (0.7 + rng() * 0.1)) : regular;
      priceLines.push(
        `${chain},${sku},${iso(from)},${iso(from + 6)},${price},${special ? regular : ''},${special ? 'special' : ''},bench`,
      );
    }
  }
  return {
    products: `${productLines.join('\n')}\n`,
    prices: `${priceLines.join('\n')}\n`,
    rows: products * weeks,
  };
}
