import { type PackOffer, packOffer, packsFor } from '../basket/basket.ts';
import {
  type BaseUnit,
  baseUnitOf,
  holdingToBase,
  type NeedLine,
  type PantryHolding,
  toBase,
} from '../basket/needs.ts';
import { memoByString } from '../internal/memo.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import { portionsOrDefault } from '../nutrition/per-portion.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { CHAINS, type ChainKey, type IngredientPriceRecord } from '../pricing/types.ts';
import { parseQuantity } from '../quantity/parse.ts';

/** A recipe as "What can I cook?" reads it (the recipe list's rows). */
export interface CookableRecipe {
  id: string;
  name: string;
  /** Portions it makes; null: 1. */
  portions: number | null;
  recipe_ingredients: readonly RecipeLine[];
}

/** Something the household marks as always in stock (salt, oil, pepper, water). */
export interface Staple {
  ingredient_id: number | null;
  name: string;
}

/** The missing lines bought at one chain. */
export interface ChainCost {
  totalCents: number;
  /** The total over the recipe's portions, rounded to the cent. */
  perPortionCents: number;
  /** Missing lines the chain prices, and the names of those it does not. */
  priced: number;
  unpriced: string[];
}

/** How far the pantry gets a recipe, and what the rest would cost (issue 25, "What can I cook?"). */
export interface RecipeCoverage {
  recipeId: string;
  /**
   * The share of the recipe the pantry covers, 0 to 1: for every line with an amount in a unit
   * Larder converts, what the pantry holds of it over what the recipe needs (at most 1), averaged
   * over those lines. A recipe with no such line covers 0.
   */
  coverage: number;
  /** Lines with a convertible amount: the ones coverage counts. */
  counted: number;
  /** How many counted lines are short: `missing.length`, without making the lines. */
  short: number;
  /** Every line of the recipe: the counted ones (in recipe order), then the unknown ones. */
  lines: NeedLine[];
  /** Counted lines the pantry or a staple does not fully cover, with `buy` the amount short. */
  missing: NeedLine[];
  /** Lines not counted: no amount ('to taste') or a unit that does not convert ('2 jar'). */
  unknown: NeedLine[];
  /** Counted lines the pantry (not a staple) gives something to: "uses most of what I have". */
  uses: number;
  /** The missing amounts as whole packs at each chain (shared's priceBasket, as the shopping list). */
  chains: Record<ChainKey, ChainCost>;
  /** The cheapest chain that prices every missing line any chain prices; null when none prices one. */
  cheapest: { chain: ChainKey; totalCents: number; perPortionCents: number } | null;
}

/** The same item whatever its spacing or case, as shoppingNeeds matches free-text pantry items. */
export const nameKey = memoByString(4096, (name) => normalizeName(name).toLowerCase());

/**
 * The pantry and staples indexed for matching recipe lines, built once for many recipes: a recipe
 * is then summed against the few holdings that can match it, not the whole pantry.
 */
export interface PantryIndex {
  byId: Map<number, PantryHolding[]>;
  byName: Map<string, PantryHolding[]>;
  stapleIds: Set<number>;
  stapleNames: Set<string>;
}

/**
 * Indexes the pantry with the staples as holdings of no stated amount, which shoppingNeeds counts
 * as enough of anything: a staple is never missing.
 */
export function pantryIndex(pantry: readonly PantryHolding[], staples: readonly Staple[] = []): PantryIndex {
  const index: PantryIndex = {
    byId: new Map(),
    byName: new Map(),
    stapleIds: new Set(),
    stapleNames: new Set(),
  };
  const add = (holding: PantryHolding) => {
    if (typeof holding.ingredient_id === 'number') push(index.byId, holding.ingredient_id, holding);
    else if (holding.ingredient_id == null && typeof holding.name === 'string')
      push(index.byName, nameKey(holding.name), holding);
  };
  for (const item of Array.isArray(pantry) ? pantry : []) if (item && typeof item === 'object') add(item);
  for (const staple of Array.isArray(staples) ? staples : []) {
    if (!staple || typeof staple !== 'object' || typeof staple.name !== 'string') continue;
    const id = typeof staple.ingredient_id === 'number' ? staple.ingredient_id : null;
    if (id !== null) index.stapleIds.add(id);
    else index.stapleNames.add(nameKey(staple.name));
    add({ name: staple.name, ingredient_id: id, quantity: null, unit: null });
  }
  return index;
}

function push<K>(map: Map<K, PantryHolding[]>, key: K, holding: PantryHolding): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [holding]);
  else list.push(holding);
}

/**
 * What one pass over many recipes works out once per ingredient: its line key, base unit, the
 * pantry's amount of it in that unit, and each chain's pack of it. Every recipe line then costs a
 * few look-ups (bench/cook-from-pantry.bench.ts).
 */
interface Pass {
  index: PantryIndex;
  prices: ReadonlyMap<number, IngredientPriceRecord>;
  facts: Map<number | string, Facts>;
}

interface Facts {
  key: string;
  id: number | null;
  name: string;
  base: BaseUnit;
  held: { have: number; enough: boolean } | null;
  offers: (PackOffer | null)[] | null;
  staple: boolean;
}

const pass = (index: PantryIndex, prices: ReadonlyMap<number, IngredientPriceRecord>): Pass => ({
  index: index?.byId instanceof Map ? index : pantryIndex([]),
  prices: prices instanceof Map ? prices : new Map(),
  facts: new Map(),
});

/** An ingredient's facts: by id, or by normalised name for one without an id (shoppingNeeds' keys). */
function factsOf(p: Pass, { id, name, base, factsKey: cacheKey }: Summed): Facts {
  const known = p.facts.get(cacheKey);
  // Same id, other spelling: shoppingNeeds sums by the line's own name, so this one is not cached.
  if (known !== undefined && known.name === name) return known;
  const facts: Facts = {
    key: id !== null ? `i:${id}` : (cacheKey as string),
    id,
    name,
    base,
    held: null,
    offers: null,
    staple: (id !== null && p.index.stapleIds.has(id)) || p.index.stapleNames.has(nameKey(name)),
  };
  if (known === undefined) p.facts.set(cacheKey, facts);
  return facts;
}

/**
 * The pantry's holding of a line, as shoppingNeeds subtracts it: items linked to its ingredient,
 * and free-text items of the same name, converted to its base unit (a unit that does not convert
 * adds nothing); an item with no amount counts as enough.
 */
function heldFor(p: Pass, facts: Facts): { have: number; enough: boolean } {
  if (facts.held !== null) return facts.held;
  const held = { have: 0, enough: false };
  const byId = facts.id !== null ? (p.index.byId.get(facts.id) ?? []) : [];
  for (const item of [...byId, ...(p.index.byName.get(nameKey(facts.name)) ?? [])]) {
    const quantity = item.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || !(quantity > 0)) held.enough = true;
    else
      held.have += holdingToBase(
        quantity,
        typeof item.unit === 'string' ? item.unit : '',
        item.pack,
        facts.name,
        facts.base,
      );
  }
  facts.held = held;
  return held;
}

/** Each chain's pack of a line's ingredient (shared's packOffer), in CHAINS order. */
function offersFor(p: Pass, facts: Facts): (PackOffer | null)[] {
  if (facts.offers === null) {
    const record = facts.id !== null ? (p.prices.get(facts.id) ?? null) : null;
    facts.offers = CHAINS.map((chain) => packOffer(record, chain, facts.name, facts.base));
  }
  return facts.offers;
}

/** The unpriced names of a chain that prices every missing line: one frozen empty list for all. */
const NONE = Object.freeze([]) as unknown as string[];

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A recipe's line summed in its base unit, before any pantry: shoppingNeeds' keys, names and
 * rules for one meal of the recipe's own portions.
 */
interface Summed {
  id: number | null;
  /** The facts' key: the id, or `n:<normalised name>` for a line without one. */
  factsKey: number | string;
  name: string;
  base: BaseUnit;
  need: number;
  toTaste: boolean;
  /** The first unit as written that does not convert ('2 jar'). */
  apart: string | null;
}

/**
 * The sums depend on the recipe alone, so they are kept per recipe-line list (the stores replace
 * a recipe's list when it changes, never edit it in place): a new pass after a pantry change only
 * subtracts and prices.
 */
const summedByLines = new WeakMap<readonly RecipeLine[], Summed[]>();

function sumLines(lines: readonly RecipeLine[]): Summed[] {
  const cached = summedByLines.get(lines);
  if (cached !== undefined) return cached;
  const sums: Summed[] = [];
  for (const recipeLine of lines) {
    const ingredient = recipeLine?.ingredients;
    if (!ingredient || typeof ingredient.name !== 'string') continue;
    const id = typeof ingredient.id === 'number' ? ingredient.id : null;
    const factsKey = id ?? `n:${nameKey(ingredient.name)}`;
    let sum = sums.find((s) => s.factsKey === factsKey);
    if (sum === undefined) {
      const name = ingredient.name;
      sum = { id, factsKey, name, base: baseUnitOf(name), need: 0, toTaste: false, apart: null };
      sums.push(sum);
    }
    const amount = parseQuantity(recipeLine.quantity);
    if (!(amount > 0)) {
      sum.toTaste = true;
      continue;
    }
    const unit = recipeLine.measurements?.name;
    const inBase = toBase(amount, typeof unit === 'string' ? unit : '', sum.name, sum.base);
    if (inBase > 0) sum.need += inBase;
    else sum.apart ??= typeof unit === 'string' ? unit : '';
  }
  summedByLines.set(lines, sums);
  return sums;
}

/** The recipe's lines as NeedLines: made only when a screen or a rule reads them. */
function needLines(p: Pass, recipe: CookableRecipe): Pick<RecipeCoverage, 'lines' | 'missing' | 'unknown'> {
  const meals = [typeof recipe?.name === 'string' ? recipe.name : ''];
  const lines: NeedLine[] = [];
  const missing: NeedLine[] = [];
  const unknown: NeedLine[] = [];
  for (const sum of sumLines(Array.isArray(recipe?.recipe_ingredients) ? recipe.recipe_ingredients : [])) {
    const facts = factsOf(p, sum);
    const line: NeedLine = {
      key: facts.key,
      ingredient_id: sum.id,
      name: sum.name,
      base: null,
      need: 0,
      have: 0,
      buy: 0,
      meals,
    };
    if (sum.apart !== null)
      unknown.push({
        ...line,
        key: `${facts.key}|${sum.apart}`,
        unit: sum.apart,
        note: `'${sum.apart}' cannot be converted to ${sum.base}`,
      });
    else if (!(sum.need > 0) && sum.toTaste) unknown.push({ ...line, note: 'to taste' });
    if (!(sum.need > 0)) continue;
    const { need, have } = amounts(p, sum, facts);
    Object.assign(line, { base: facts.base, need, have, buy: round(need - have) });
    lines.push(line);
    if (line.buy > 0) missing.push(line);
  }
  for (const line of unknown) lines.push(line);
  return { lines, missing, unknown };
}

/** A counted line's need and what the pantry holds of it (at most the need), rounded as shoppingNeeds does. */
function amounts(p: Pass, sum: Summed, facts: Facts): { need: number; have: number } {
  const held = heldFor(p, facts);
  const need = round(sum.need);
  return { need, have: round(Math.min(held.enough ? need : held.have, need)) };
}

/**
 * A recipe's coverage: the figures are worked out in the pass; the lines are made when first
 * read (a screen shows a few dozen recipes' lines, the filters and sorts need only the figures).
 */
class Coverage implements RecipeCoverage {
  private made: Pick<RecipeCoverage, 'lines' | 'missing' | 'unknown'> | null = null;
  constructor(
    private readonly pass: Pass,
    private readonly recipe: CookableRecipe,
    readonly recipeId: string,
    readonly coverage: number,
    readonly counted: number,
    readonly short: number,
    readonly uses: number,
    readonly chains: Record<ChainKey, ChainCost>,
    readonly cheapest: RecipeCoverage['cheapest'],
  ) {}
  private get needs(): Pick<RecipeCoverage, 'lines' | 'missing' | 'unknown'> {
    this.made ??= needLines(this.pass, this.recipe);
    return this.made;
  }
  get lines(): NeedLine[] {
    return this.needs.lines;
  }
  get missing(): NeedLine[] {
    return this.needs.missing;
  }
  get unknown(): NeedLine[] {
    return this.needs.unknown;
  }
}

function cover(p: Pass, recipe: CookableRecipe): RecipeCoverage {
  const portions = portionsOrDefault(recipe?.portions);
  const totals = [0, 0, 0];
  const priced = [0, 0, 0];
  const unpriced: (string[] | null)[] = [null, null, null];
  let priceable = 0;
  let share = 0;
  let counted = 0;
  let short = 0;
  let uses = 0;
  for (const sum of sumLines(Array.isArray(recipe?.recipe_ingredients) ? recipe.recipe_ingredients : [])) {
    if (!(sum.need > 0)) continue;
    const facts = factsOf(p, sum);
    const held = heldFor(p, facts);
    const need = round(sum.need);
    const have = round(Math.min(held.enough ? need : held.have, need));
    const buy = round(need - have);
    counted++;
    share += have / need;
    if (have > 0 && !facts.staple) uses++;
    if (!(buy > 0)) continue;
    short++;
    const offers = offersFor(p, facts);
    let any = false;
    for (let c = 0; c < CHAINS.length; c++) {
      const offer = offers[c];
      if (offer) {
        any = true;
        (totals[c] as number) += packsFor(buy, offer.amount) * offer.priceCents;
        (priced[c] as number)++;
      } else {
        const names = unpriced[c] ?? [];
        names.push(sum.name);
        unpriced[c] = names;
      }
    }
    if (any) priceable++;
  }
  const chains = {} as Record<ChainKey, ChainCost>;
  let cheapest: RecipeCoverage['cheapest'] = null;
  for (let c = 0; c < CHAINS.length; c++) {
    const chain = CHAINS[c] as ChainKey;
    const totalCents = totals[c] as number;
    const perPortionCents = Math.round(totalCents / portions);
    chains[chain] = {
      totalCents,
      perPortionCents,
      priced: priced[c] as number,
      unpriced: unpriced[c] ?? NONE,
    };
    // priceBasket's rule: the cheapest chain that prices every line any chain prices; ties go to the earlier.
    if (priceable > 0 && priced[c] === priceable && (cheapest === null || totalCents < cheapest.totalCents))
      cheapest = { chain, totalCents, perPortionCents };
  }
  const coverage = counted === 0 ? 0 : Math.min(1, Math.max(0, share / counted));
  const id = typeof recipe?.id === 'string' ? recipe.id : '';
  return new Coverage(p, recipe, id, coverage, counted, short, uses, chains, cheapest);
}

/**
 * One recipe against the pantry (issue 25, item 1), for its own portions: its lines summed and
 * the pantry subtracted after unit conversion by shoppingNeeds' rules (shared's toBase), coverage
 * by amount, the missing lines, and their cost to finish as whole packs at each chain (shared's
 * packOffer and packsFor, and priceBasket's cheapest-chain rule): the same figures shoppingNeeds
 * and priceBasket give for the recipe alone, which the tests check line by line.
 */
export function recipeCoverage(
  recipe: CookableRecipe,
  index: PantryIndex,
  prices: ReadonlyMap<number, IngredientPriceRecord>,
): RecipeCoverage {
  return cover(pass(index, prices), recipe);
}

/**
 * Every recipe against one pantry index, in the order given; the pantry's amounts and the chains'
 * packs are worked out once per ingredient for the whole pass (bench/cook-from-pantry.bench.ts).
 */
export function whatCanICook(
  recipes: readonly CookableRecipe[],
  index: PantryIndex,
  prices: ReadonlyMap<number, IngredientPriceRecord>,
): RecipeCoverage[] {
  const p = pass(index, prices);
  return (Array.isArray(recipes) ? recipes : [])
    .filter((r) => r && typeof r === 'object')
    .map((recipe) => cover(p, recipe));
}
