/**
 * SAMPLE PRICES, NOT SCRAPED: the seed's sample price history (issue 18), generated here,
 * deterministically, from the hand-set anchors of `prices.ts`. For every seeded ingredient at
 * every chain that stocks it (Aldi skips some lines), one sample product and a year of weekly
 * shelf prices (promotion weeks run Wednesday to Tuesday, from 2025-11-05 to PRICE_DATE):
 *
 * - the regular price moves from the anchor's `past` to its `current` in one to three steps;
 *   loose produce follows the seasons instead, changing every two to four weeks;
 * - Coles and Woolworths run specials of 10–50 % off (half price among them) and multibuys, one
 *   or two weeks long, showing the regular price as "was"; loose produce has a few;
 * - how a product stands on PRICE_DATE varies: most at their usual price, some on a real special,
 *   some dearer than usual, some with an Aldi price drop, and some on an illusory special shaped
 *   like the regulator's 2024 examples (Rexona 5.00 → 6.50 → "Prices Dropped" 6.00): raised for
 *   four weeks, then "dropped" to above the old price with the raised one shown as "was";
 * - one product has a price mis-keyed for a week (ten times too dear), which the import's
 *   quarantine must catch.
 *
 * Every row says `source = 'sample'`. The seed stages this history and applies it with the same
 * function a real import uses (public.apply_price_import), so `ingredient_prices` is derived
 * from it; PRICES below is what that derivation gives, computed here by the same rule.
 */

import type { FeedPrice, PromoKind, Sourced } from '../../shared/shelf-prices/feed.ts';
import { ingredientPackMeasure } from '../../shared/shelf-prices/measure.ts';
import { collapsePrices } from '../../shared/shelf-prices/spans.ts';
import { gramsPerUnit } from '../../shared/units/to-grams.ts';
import { LOOSE, PRICE_ANCHORS, PRICE_DATE } from './prices.ts';
import type { ChainPrice, PriceSource } from './types.ts';

export type SampleChain = 'coles' | 'woolworths' | 'aldi';
const CHAINS: readonly SampleChain[] = ['coles', 'woolworths', 'aldi'];

/** The `source` of every sample row. */
export const SAMPLE_SOURCE = 'sample';
/** The first promotion week of the history (a Wednesday); the last is the one holding PRICE_DATE. */
export const HISTORY_START = '2025-11-05';
const WEEKS = 52;
/** The product whose price was mis-keyed for one week, and that week. */
export const TYPO = { ingredient: 'olive oil', chain: 'coles', week: 20 } as const;
/** How many days before a price's last sighting `*_unit_price_past` looks (refresh_ingredient_prices). */
export const PAST_DAYS = 28;

/** A sample product: one per ingredient and chain that stocks it. */
export interface SampleProduct {
  readonly ingredient: string;
  readonly chain: SampleChain;
  readonly sku: string;
  readonly name: string;
  readonly pack_size: number;
  readonly pack_unit: 'g' | 'mL' | 'each';
  readonly sold_loose: boolean;
}

/** How a product stands on PRICE_DATE. */
export type SampleEnding =
  | 'usual'
  | 'real-special'
  | 'illusory-special'
  | 'dearer'
  | 'multibuy'
  | 'price-drop';

export interface SampleHistory {
  readonly products: readonly SampleProduct[];
  /** Change-only spans, as the import folds them (shared collapsePrices). */
  readonly prices: readonly Sourced<FeedPrice>[];
  readonly endings: ReadonlyMap<string, SampleEnding>;
  /** Weekly sightings before folding (the price rows a feed of them would hold). */
  readonly sightings: number;
}

const MS_PER_DAY = 86_400_000;
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY;
const iso = (d: number): string => new Date(d * MS_PER_DAY).toISOString().slice(0, 10);

/** mulberry32: a small seeded generator, so the history is the same on every machine. */
function random(seedText: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** Shelf prices end in 0 at Coles and Woolworths, in 9 at Aldi. */
function shelf(cents: number, chain: SampleChain): number {
  const tens = Math.max(1, Math.round(cents / 10));
  return chain === 'aldi' ? tens * 10 - 1 : tens * 10;
}

interface Week {
  price: number;
  was: number | null;
  promo: PromoKind | null;
  multibuyQty: number | null;
  multibuyCents: number | null;
}

const regularWeek = (price: number): Week => ({
  price,
  was: null,
  promo: null,
  multibuyQty: null,
  multibuyCents: null,
});

function packOf(measure: string): { size: number; unit: 'g' | 'mL' | 'each' } {
  const m = /^(\d+(?:\.\d+)?) ?(g|kg|mL|L|each)$/.exec(measure);
  if (!m) throw new Error(`sample measure ${measure} is not a weight, a volume or a count`);
  const n = Number(m[1]);
  return m[2] === 'kg' || m[2] === 'L'
    ? { size: n * 1000, unit: m[2] === 'kg' ? 'g' : 'mL' }
    : { size: n, unit: m[2] as 'g' | 'mL' | 'each' };
}

/** A sample product's name as a shelf ticket gives it: 'Avocado, each', 'Egg 12 pack', 'Feta 200g'. */
function productName(
  ingredient: string,
  measure: string,
  unit: string,
  size: number,
  loose: boolean,
): string {
  if (loose) return `${titleCase(ingredient)}, loose, per kg`;
  if (unit !== 'each') return `${titleCase(ingredient)} ${measure}`;
  return size === 1 ? `${titleCase(ingredient)}, each` : `${titleCase(ingredient)} ${size} pack`;
}

/** The regular price of each week: anchor past → anchor current in steps, or the seasons for produce. */
function regularPrices(
  rng: () => number,
  chain: SampleChain,
  past: number,
  current: number,
  loose: boolean,
): number[] {
  const weeks = new Array<number>(WEEKS).fill(current);
  if (loose) {
    const phase = Math.floor(rng() * 52);
    let w = 0;
    while (w < 44) {
      const season = 0.18 * Math.sin((2 * Math.PI * (w - phase)) / 52);
      const level = shelf(current * (1 + season + (rng() - 0.5) * 0.08), chain);
      const len = 2 + Math.floor(rng() * 3);
      for (let k = w; k < Math.min(w + len, 44); k++) weeks[k] = level;
      w += len;
    }
    return weeks;
  }
  const steps = 1 + Math.floor(rng() * 3);
  const at = new Set<number>();
  while (at.size < steps) at.add(4 + Math.floor(rng() * 40));
  const changes = [...at].sort((a, b) => a - b);
  let level = shelf(past, chain);
  let next = 0;
  for (let w = 0; w < WEEKS; w++) {
    if (next < changes.length && w === changes[next]) {
      next++;
      level =
        next === changes.length
          ? current
          : shelf(past + ((current - past) * next) / changes.length + (rng() - 0.5) * 0.04 * current, chain);
    }
    weeks[w] = level;
  }
  return weeks;
}

/** Specials during the year (weeks 2–44), never in the last seven weeks, which the ending owns. */
function midYearSpecials(rng: () => number, chain: SampleChain, loose: boolean, weeks: Week[]): void {
  if (chain === 'aldi' && !loose) return;
  const count = loose ? Math.floor(rng() * 3) : chain === 'aldi' ? 0 : 3 + Math.floor(rng() * 5);
  for (let i = 0, tries = 0; i < count && tries < 50; tries++) {
    const start = 2 + Math.floor(rng() * 42);
    const len = 1 + Math.floor(rng() * 2);
    const span = Array.from({ length: len + 2 }, (_, k) => weeks[start - 1 + k]);
    if (start + len > 44 || span.some((w) => w === undefined || w.promo !== null)) continue;
    const regular = (weeks[start] as Week).price;
    for (let k = start; k < start + len; k++) {
      const w = weeks[k] as Week;
      if (w.price !== regular) break;
      if (!loose && rng() < 1 / 6) {
        weeks[k] = {
          ...w,
          promo: 'multibuy',
          multibuyQty: 2,
          multibuyCents: shelf(2 * regular * 0.8, chain),
        };
        continue;
      }
      const off = loose ? pick(rng, [0.15, 0.2, 0.25]) : pick(rng, [0.1, 0.15, 0.2, 0.25, 0.3, 0.33, 0.5]);
      const price = shelf(regular * (1 - off), chain);
      if (price < regular)
        weeks[k] = { ...w, price, was: regular, promo: off === 0.5 ? 'half-price' : 'special' };
    }
    i++;
  }
}

/** The shelf-price band of the seed's sanity test, in AUD per kg or L: an ending may not leave it. */
const fits = (cents: number, grams: number): boolean => {
  const perKilo = (cents / 100 / grams) * 1000;
  return perKilo > 0.6 && perKilo < 110;
};

function ending(
  rng: () => number,
  chain: SampleChain,
  loose: boolean,
  current: number,
  grams: number,
): SampleEnding {
  const r = rng();
  let choice: SampleEnding;
  if (chain === 'aldi') choice = r < 0.1 ? 'price-drop' : r < 0.15 ? 'dearer' : 'usual';
  else if (loose) choice = r < 0.1 ? 'real-special' : r < 0.18 ? 'dearer' : 'usual';
  else
    choice =
      r < 0.12
        ? 'real-special'
        : r < 0.2
          ? 'illusory-special'
          : r < 0.25
            ? 'dearer'
            : r < 0.29
              ? 'multibuy'
              : 'usual';
  const dearest = choice === 'illusory-special' || choice === 'dearer' ? 1.4 : 1;
  const cheapest = choice === 'real-special' || choice === 'price-drop' ? 0.7 : 1;
  return fits(current * dearest, grams) && fits(current * cheapest, grams) ? choice : 'usual';
}

/** The last seven weeks (45–51): the product's state on PRICE_DATE. */
function applyEnding(
  rng: () => number,
  chain: SampleChain,
  end: SampleEnding,
  current: number,
  weeks: Week[],
): void {
  const set = (from: number, to: number, w: Week) => {
    for (let k = from; k <= to; k++) weeks[k] = { ...w };
  };
  if (end === 'real-special') {
    const price = shelf(current * (1 - pick(rng, [0.15, 0.2, 0.25, 0.3])), chain);
    set(WEEKS - 1, WEEKS - 1, { ...regularWeek(price), was: current, promo: 'special' });
  } else if (end === 'illusory-special') {
    const raised = shelf(current * (1.22 + rng() * 0.16), chain);
    const dropped = shelf(current * (1.08 + rng() * 0.06), chain);
    set(45, 48, regularWeek(raised));
    set(49, WEEKS - 1, { ...regularWeek(dropped), was: raised, promo: 'price-drop' });
  } else if (end === 'dearer') {
    set(WEEKS - 2, WEEKS - 1, regularWeek(shelf(current * (1.08 + rng() * 0.07), chain)));
  } else if (end === 'multibuy') {
    set(WEEKS - 1, WEEKS - 1, {
      ...regularWeek(current),
      promo: 'multibuy',
      multibuyQty: 2,
      multibuyCents: shelf(2 * current * 0.85, chain),
    });
  } else if (end === 'price-drop') {
    const price = shelf(current * (0.88 + rng() * 0.05), chain);
    set(48, WEEKS - 1, { ...regularWeek(price), was: current, promo: 'price-drop' });
  }
}

const titleCase = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The whole sample history: products, their weekly prices folded into spans, and how each ends. */
export function generateSampleHistory(): SampleHistory {
  const products: SampleProduct[] = [];
  const sightings: Sourced<FeedPrice>[] = [];
  const endings = new Map<string, SampleEnding>();
  const start = day(HISTORY_START);
  const last = day(PRICE_DATE);
  PRICE_ANCHORS.forEach((anchor, index) => {
    for (const chain of CHAINS) {
      const price = anchor[chain];
      if (price === null) continue;
      const rng = random(`${anchor.ingredient}|${chain}`);
      const loose = LOOSE.has(anchor.ingredient) && price.measure === '1kg';
      const pack = packOf(price.measure);
      const sku = `sample-${chain}-${String(index + 1).padStart(3, '0')}`;
      products.push({
        ingredient: anchor.ingredient,
        chain,
        sku,
        name: productName(anchor.ingredient, price.measure, pack.unit, pack.size, loose),
        pack_size: pack.size,
        pack_unit: pack.unit,
        sold_loose: loose,
      });
      const current = Math.round(price.current * 100);
      const past = Math.round(price.past * 100);
      const weeks = regularPrices(rng, chain, past, current, loose).map(regularWeek);
      midYearSpecials(rng, chain, loose, weeks);
      const grams = pack.unit === 'each' ? pack.size * gramsPerUnit('piece', anchor.ingredient) : pack.size;
      const end = ending(rng, chain, loose, current, grams);
      applyEnding(rng, chain, end, current, weeks);
      endings.set(sku, end);
      if (anchor.ingredient === TYPO.ingredient && chain === TYPO.chain) {
        const w = weeks[TYPO.week] as Week;
        weeks[TYPO.week] = regularWeek(w.price * 10);
      }
      weeks.forEach((w, k) => {
        const from = start + 7 * k;
        sightings.push({
          row: {
            chain,
            sku,
            store: 'online',
            date: iso(from),
            last_seen: iso(Math.min(from + 6, last)),
            price_cents: w.price,
            was_cents: w.was,
            promo: w.promo,
            multibuy_qty: w.multibuyQty,
            multibuy_cents: w.multibuyCents,
            in_stock: true,
            source: SAMPLE_SOURCE,
          },
          where: `sample ${sku} week ${k + 1}`,
        });
      });
    }
  });
  return { products, prices: collapsePrices(sightings), endings, sightings: sightings.length };
}

/** The seed's sample history (generated once per process). */
export const SAMPLE_HISTORY: SampleHistory = generateSampleHistory();

/**
 * What `public.refresh_ingredient_prices` derives from the sample history for each ingredient:
 * per chain, the pack measure (ingredientPackMeasure), the price of the newest span and the
 * price 28 days before it was last seen, skipping the mis-keyed week as the quarantine does.
 */
function derivePrices(history: SampleHistory): PriceSource[] {
  const typoSku = history.products.find(
    (p) => p.ingredient === TYPO.ingredient && p.chain === TYPO.chain,
  )?.sku;
  const typoWeek = iso(day(HISTORY_START) + 7 * TYPO.week);
  const spans = new Map<string, FeedPrice[]>();
  for (const { row } of history.prices) {
    if (row.sku === typoSku && row.date === typoWeek) continue;
    const list = spans.get(row.sku);
    if (list) list.push(row);
    else spans.set(row.sku, [row]);
  }
  const byIngredient = new Map<string, PriceSource>();
  for (const p of history.products) {
    const list = (spans.get(p.sku) ?? []).sort((a, b) => (a.date < b.date ? -1 : 1));
    const newest = list.at(-1) as FeedPrice;
    const pastDay = iso(day(newest.last_seen as string) - PAST_DAYS);
    const past = list.filter((s) => s.date <= pastDay).at(-1);
    const chainPrice: ChainPrice = {
      measure: ingredientPackMeasure({ pack_size: p.pack_size, pack_unit: p.pack_unit }),
      current: newest.price_cents / 100,
      past: (past ?? newest).price_cents / 100,
    };
    const source = byIngredient.get(p.ingredient) ?? {
      ingredient: p.ingredient,
      coles: null,
      woolworths: null,
      aldi: null,
    };
    byIngredient.set(p.ingredient, { ...source, [p.chain]: chainPrice });
  }
  return PRICE_ANCHORS.map((a) => byIngredient.get(a.ingredient) as PriceSource);
}

/** Each ingredient's sample price record as the seed derives it (the rows of ingredient_prices). */
export const PRICES: readonly PriceSource[] = derivePrices(SAMPLE_HISTORY);
