import { toFiniteNumber } from '../internal/numbers.ts';
import { readPackMeasure } from '../pricing/pack-measure.ts';
import {
  CHAINS,
  type ChainKey,
  LOOSE_COLUMNS,
  PRICE_COLUMNS,
  type ShelfPriceRecord,
} from '../pricing/types.ts';
import { dollarsToCents } from '../shelf-prices/cents.ts';
import { packMeasureText, type ShelfUnitPrice, shelfUnitPrice } from '../shelf-prices/shelf-price.ts';
import { DEFAULT_UNIT_FACTORS } from '../units/factors.ts';
import { gramsPerUnit } from '../units/to-grams.ts';
import { type BaseUnit, baseUnitOf, type HeldPack, type NeedLine } from './needs.ts';

/** One chain's pack of an ingredient: how much it holds in the line's base unit, and its price. */
export interface PackOffer {
  amount: number;
  priceCents: number;
  /** As the shelf says it: '500g', '12 pack'. */
  label: string;
  /**
   * Sold loose by weight: the price is for `amount` (a kilo, as the shelf prices it), and a
   * basket buys what a line needs at that rate, not whole packs.
   */
  loose: boolean;
}

/** A line bought at one chain: whole packs, their cost and what is left over. */
export interface BasketLine {
  key: string;
  packs: number;
  costCents: number;
  leftover: number;
  pack: PackOffer;
  unitPrice: ShelfUnitPrice | null;
}

export interface ChainBasket {
  lines: BasketLine[];
  totalCents: number;
  /** Lines to buy that this chain prices, and the share of them (whole percent, rounded down). */
  priced: number;
  coverage: number;
  /** Names of the lines to buy it does not price. */
  unpriced: string[];
}

export interface Basket {
  chains: Record<ChainKey, ChainBasket>;
  /** The cheapest chain that prices every line any chain prices; ties go to the earlier chain. */
  cheapest: { chain: ChainKey; totalCents: number } | null;
  /**
   * The cheapest pair of chains, each line from the cheaper of the two (the earlier chain on a
   * tie), that together price every line any chain prices, both getting a line; with its saving
   * against `cheapest`. Null when it saves nothing against `cheapest`; its saving is null when
   * no single chain prices everything (then the pair is how to buy it all).
   */
  split: {
    chains: [ChainKey, ChainKey];
    totalCents: number;
    savingCents: number | null;
    from: Record<string, ChainKey>;
  } | null;
  /** Lines to buy that no chain prices, and amounts in units that cannot be converted ('honey (jar)'). */
  unpriced: string[];
}

/**
 * A chain's pack of an ingredient from its price record (spec 3: the shelf price of one pack of
 * the stated measure), in the base unit: weights and volumes as grams/millilitres (spec 9 pack
 * factors), counted packs ('12 pack', 'each', 'bunch') as items, converted by the per-item
 * weight when the line is bought by weight and back. Null when the chain has no usable price.
 */
export function packOffer(
  record: ShelfPriceRecord | null,
  chain: ChainKey,
  name: string,
  base: BaseUnit,
): PackOffer | null {
  if (record === null || typeof record !== 'object' || !CHAINS.includes(chain) || typeof name !== 'string')
    return null;
  const measure = record[PRICE_COLUMNS[chain].measure];
  const dollars = toFiniteNumber(record[PRICE_COLUMNS[chain].current]);
  const priceCents = dollars !== null && dollars > 0 ? dollarsToCents(Math.round(dollars * 100) / 100) : null;
  const m = readPackMeasure(measure);
  if (priceCents === null || priceCents <= 0 || m === null) return null;
  let amount: number;
  if (m.counted) {
    const perItem = gramsPerUnit(
      (DEFAULT_UNIT_FACTORS[m.unit ?? ''] ?? 0) > 1 ? (m.unit as string) : 'piece',
      name,
    );
    amount = base === 'each' ? m.amount : m.amount * perItem;
  } else {
    const quantity = m.amount * m.factor;
    amount = base === 'each' ? quantity / gramsPerUnit('piece', name) : quantity;
  }
  // Only a weight can be sold loose (a feed's sold_loose needs pack_unit g).
  const loose = record[LOOSE_COLUMNS[chain]] === true && !m.counted && (m.unit === 'g' || m.unit === 'kg');
  return Number.isFinite(amount) && amount > 0
    ? { amount, priceCents, label: String(measure).trim(), loose }
    : null;
}

/**
 * What a line buys of a loose offer: exactly what it needs, priced at the shelf's rate to the
 * nearest cent (at least 1), as one "pack" of that weight; the shelf's unit price stays per kg.
 */
function looseBuy(offer: PackOffer, need: number, base: BaseUnit, name: string): PackOffer {
  return {
    amount: need,
    priceCents: Math.max(1, Math.round((offer.priceCents * need) / offer.amount)),
    // A crumb still reads as a weight ('1g'), never as nothing.
    label: packMeasureText({ size: Math.max(1, Math.round(gramsOf(need, base, name))), unit: 'g' }),
    loose: true,
  };
}

/** An amount in a line's base unit as grams (counted produce by its usual weight). */
function gramsOf(amount: number, base: BaseUnit, name: string): number {
  return base === 'each' ? amount * gramsPerUnit('piece', name) : amount;
}

/** What a basket line buys, as a list says it: '2 × 500g', or '300g loose' by weight. */
export function packsText(line: Pick<BasketLine, 'packs' | 'pack'>): string {
  return line.pack.loose ? `${line.pack.label} loose` : packCountText(line.packs, line.pack.label);
}

/**
 * Whole packs of a shelf's measure: '2 × 500g', and packs of a count as a shop counts them:
 * '4 each' (not '4 × 1 each'), '1 × 12 pack'.
 */
export function packCountText(packs: number, label: string): string {
  const m = readPackMeasure(label);
  if (m?.counted && m.unit === 'unit')
    return m.amount === 1 ? `${packs} each` : `${packs} × ${m.amount} pack`;
  return `${packs} × ${label}`;
}

/**
 * The smallest pack any chain sells an ingredient in (packOffer; not loose), in its base unit:
 * what a packet of it in the pantry is taken to hold, so the pantry never counts more than it
 * has. Null when no chain sells it in packs.
 */
export function smallestPack(record: ShelfPriceRecord | null, name: string): HeldPack | null {
  if (typeof name !== 'string') return null;
  const base = baseUnitOf(name);
  let size = Number.POSITIVE_INFINITY;
  for (const chain of CHAINS) {
    const offer = packOffer(record, chain, name, base);
    if (offer !== null && !offer.loose && offer.amount < size) size = offer.amount;
  }
  return Number.isFinite(size) ? { size, unit: base } : null;
}

/** Whole packs to cover `need`: the fewest whose total amount reaches it. */
export function packsFor(need: number, packAmount: number): number {
  if (typeof need !== 'number' || typeof packAmount !== 'number' || !(need > 0) || !(packAmount > 0))
    return 0;
  if (!Number.isFinite(need) || !Number.isFinite(packAmount)) return 0;
  const packs = Math.ceil(need / packAmount - 1e-9);
  return Math.max(1, packs);
}

/** The chain that sells an ingredient cheapest by the shelf's unit price, with its pack. */
export interface CheapestShelf {
  chain: ChainKey;
  pack: PackOffer;
  unitPrice: ShelfUnitPrice;
}

/**
 * Where an ingredient is cheapest, compared as shelf tickets compare packs of different sizes: by
 * the price per unit of the ingredient's base unit, so every chain is on one basis (a bag of six
 * bananas against loose ones by the kilo). The winner's unit price is then given as its own
 * ticket gives it ({@link shelfUnitPriceOf}). A tie goes to the earlier chain; null when no chain
 * prices it.
 */
export function cheapestShelf(
  record: ShelfPriceRecord | null,
  name: string,
  base: BaseUnit,
): CheapestShelf | null {
  let best: { chain: ChainKey; pack: PackOffer; per: number } | null = null;
  for (const chain of CHAINS) {
    const pack = packOffer(record, chain, name, base);
    const per = pack && pack.priceCents / pack.amount;
    if (pack && per !== null && (best === null || per < best.per)) best = { chain, pack, per };
  }
  if (best === null) return null;
  const unitPrice = shelfUnitPriceOf(record, best.chain, best.pack, base);
  return unitPrice && { chain: best.chain, pack: best.pack, unitPrice };
}

/**
 * A chain's unit price as its shelf ticket prints it: on the pack's own basis (per 100 g or
 * per 100 mL, per kg when sold loose, each for a count), whatever the list counts the ingredient
 * in: bacon counted by the rasher is still $1.60 per 100 g on the shelf. A pack measure without a
 * unit ('500') is read in the base unit.
 */
function shelfUnitPriceOf(
  record: ShelfPriceRecord | null,
  chain: ChainKey,
  offer: PackOffer,
  base: BaseUnit,
): ShelfUnitPrice | null {
  const m = record && readPackMeasure(record[PRICE_COLUMNS[chain].measure]);
  if (!m || m.unit === null) return shelfUnitPrice(offer.priceCents, { size: offer.amount, unit: base });
  if (m.counted) return shelfUnitPrice(offer.priceCents, { size: m.amount, unit: 'each' });
  const unit = m.unit === 'g' || m.unit === 'kg' ? 'g' : 'mL';
  return shelfUnitPrice(offer.priceCents, { size: m.amount * m.factor, unit, loose: offer.loose });
}

/**
 * Prices the lines to buy as whole packs at each chain (issue 19 "The basket"): packs per chain
 * rounded up, their cost in integer cents (a chain's total is the sum of its lines, exactly),
 * what is left over, the shelf unit price, coverage and the unpriced lines by name; then the
 * cheapest single chain and the cheapest two-chain split with its saving. Lines with nothing to
 * buy are left out; an empty list has no cheapest chain and no split.
 */
export function priceBasket(
  lines: readonly NeedLine[],
  records: ReadonlyMap<number, ShelfPriceRecord>,
): Basket {
  const toBuy = (Array.isArray(lines) ? lines : []).filter((l) => l && l.buy > 0 && l.base !== null);
  const offers = new Map<string, Partial<Record<ChainKey, BasketLine>>>();
  for (const line of toBuy) {
    const record = line.ingredient_id !== null ? (records.get(line.ingredient_id) ?? null) : null;
    const byChain: Partial<Record<ChainKey, BasketLine>> = {};
    const base = line.base as BaseUnit;
    for (const chain of CHAINS) {
      const offer = packOffer(record, chain, line.name, base);
      if (offer === null) continue;
      // A line with no amount it knows buys the packs it asks for: of something loose, a pack is
      // the weight priced.
      const asked = typeof line.packs === 'number' && line.packs > 0 ? Math.ceil(line.packs - 1e-9) : null;
      const pack = offer.loose && asked === null ? looseBuy(offer, line.buy, base, line.name) : offer;
      const packs = asked ?? packsFor(line.buy, pack.amount);
      byChain[chain] = {
        key: line.key,
        packs,
        costCents: packs * pack.priceCents,
        // Packs asked for leave nothing over: they are what the line wants.
        leftover: asked === null ? Math.round((packs * pack.amount - line.buy) * 1000) / 1000 : 0,
        pack,
        unitPrice: shelfUnitPriceOf(record, chain, offer, base),
      };
    }
    offers.set(line.key, byChain);
  }
  const priceable = toBuy.filter((l) => Object.keys(offers.get(l.key) ?? {}).length > 0);
  const isPriceable = new Set(priceable);
  const chains = {} as Record<ChainKey, ChainBasket>;
  for (const chain of CHAINS) {
    const priced: BasketLine[] = [];
    const unpriced: string[] = [];
    let totalCents = 0;
    for (const l of toBuy) {
      const offer = offers.get(l.key)?.[chain];
      if (offer === undefined) unpriced.push(l.name);
      else {
        priced.push(offer);
        totalCents += offer.costCents;
      }
    }
    chains[chain] = {
      lines: priced,
      totalCents,
      priced: priced.length,
      coverage: toBuy.length === 0 ? 0 : Math.floor((priced.length / toBuy.length) * 100),
      unpriced,
    };
  }
  const coversAll = (chain: ChainKey) => priceable.length > 0 && chains[chain].priced === priceable.length;
  let cheapest: Basket['cheapest'] = null;
  for (const chain of CHAINS) {
    if (coversAll(chain) && (cheapest === null || chains[chain].totalCents < cheapest.totalCents)) {
      cheapest = { chain, totalCents: chains[chain].totalCents };
    }
  }
  let split: Basket['split'] = null;
  for (let a = 0; a < CHAINS.length; a++) {
    for (let b = a + 1; b < CHAINS.length; b++) {
      const pair: [ChainKey, ChainKey] = [CHAINS[a] as ChainKey, CHAINS[b] as ChainKey];
      // Collected as entries and made an object in one step: an object grown key by key past a
      // few dozen keys turns into a hash table, and JSON.stringify of any answer holding one
      // (price-basket's) then takes a slow path over the whole answer, several times slower.
      const picks: [string, ChainKey][] = [];
      let total = 0;
      let complete = true;
      for (const line of priceable) {
        const byChain = offers.get(line.key);
        const first = byChain?.[pair[0]];
        const second = byChain?.[pair[1]];
        if (!first && !second) {
          complete = false;
          break;
        }
        const useSecond = !first || (second !== undefined && second.costCents < first.costCents);
        picks.push([line.key, useSecond ? pair[1] : pair[0]]);
        total += (useSecond ? second : first)!.costCents;
      }
      const from: Record<string, ChainKey> = Object.fromEntries(picks);
      const both = new Set(Object.values(from)).size === 2;
      if (complete && both && (split === null || total < split.totalCents)) {
        split = { chains: pair, totalCents: total, savingCents: null, from };
      }
    }
  }
  // A second shop is only worth naming when it saves something, or when no single chain sells it all.
  if (split !== null && cheapest !== null) {
    split.savingCents = cheapest.totalCents - split.totalCents;
    if (split.savingCents <= 0) split = null;
  }
  // An amount left in its own unit ('2 jar') cannot be bought by the pack: it is named with its unit.
  const apart = (Array.isArray(lines) ? lines : [])
    .filter((l) => l && l.buy > 0 && l.base === null && typeof l.unit === 'string')
    .map((l) => `${l.name} (${l.unit})`);
  const unpriced = [...toBuy.filter((l) => !isPriceable.has(l)).map((l) => l.name), ...apart];
  return { chains, cheapest, split, unpriced };
}
