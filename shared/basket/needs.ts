import { memoByString } from '../internal/memo.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import { portionsOrDefault } from '../nutrition/per-portion.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { MILLILITRES_PER_UNIT } from '../units/factors.ts';
import { preferredUnits } from '../units/preferred-units.ts';
import { ingredientProfile } from '../units/profiles.ts';
import { gramsPerUnit, toGrams } from '../units/to-grams.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';

/** The unit a shopping line is summed in: grams, millilitres (1 g each, spec 9) or items. */
export type BaseUnit = 'g' | 'mL' | 'each';

/** A planned meal as the list is built from it. */
export interface PlannedMeal {
  /** Shown on the lines it contributes to: "Mon dinner". */
  label: string;
  /** Portions it is cooked for; absent: the recipe's own. */
  portions?: number | null;
  recipe: { portions: number | null; recipe_ingredients: readonly RecipeLine[] };
}

/** A pack an item comes in: `size` in `unit` (g, mL or each). */
export interface HeldPack {
  size: number;
  unit: 'g' | 'mL' | 'each';
}

/** What the pantry holds, linked to an ingredient or free text. */
export interface PantryHolding {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
  /** The pack its packets are, where known ('2 packets' of 500 g spaghetti are 1 kg). */
  pack?: HeldPack | null;
}

/** One line of the list the plan needs. */
export interface NeedLine {
  /** Stable across runs: `i:<ingredient id>` (or `n:<name>` for an ingredient without an id). */
  key: string;
  ingredient_id: number | null;
  name: string;
  /**
   * The unit `need`, `have` and `buy` are in; null for a line with no amount ('to taste') or
   * one whose amount cannot be converted to its base unit (then `unit` says what it is in).
   */
  base: BaseUnit | null;
  /** For an amount that could not be converted: the unit it stays in ('jar'). */
  unit?: string;
  need: number;
  have: number;
  buy: number;
  /** The meals it is for, in plan order, each once. */
  meals: string[];
  /** Why the line has no amount ('to taste') or stays in its own unit ("'jar' cannot be converted to g"). */
  note?: string;
  /**
   * A list line with no amount it knows: the packs it buys, of whatever size each chain sells
   * ('2 packets' of pasta: 2; 'milk' or '2 jar': 1); of something loose, a pack is the weight its
   * shelf price is for. `need` and `buy` are then listNeeds' ONE_PACK.
   */
  packs?: number;
}

/**
 * A line's amounts as the list asks for them: whole items of what is counted (nobody buys
 * two-thirds of a tomato, so 14 2/3 cherry tomatoes are 15), the amounts themselves of grams,
 * millilitres and units of their own. The need rounds up with the buy, so the line's "need 4,
 * have 1, buy 3" still adds up.
 */
export function listAmounts(line: Pick<NeedLine, 'base' | 'need' | 'buy'>): { need: number; buy: number } {
  const { need, buy } = line;
  return line.base === 'each' ? { need: whole(need), buy: whole(buy) } : { need, buy };
}

/** A sum of thirds can miss a whole by a rounding error; that is still the whole. */
const whole = (n: number) => Math.ceil(n - 1e-6);

/**
 * The unit an ingredient is summed and bought in: items for what recipes count (eggs, onions,
 * lemons: the first preferred unit is a piece), millilitres for liquids (a preferred unit is mL
 * or L), else grams.
 */
export function baseUnitOf(name: string): BaseUnit {
  return typeof name === 'string' ? baseUnitCached(name) : 'g';
}

const baseUnitCached = memoByString(2048, (name): BaseUnit => {
  const units = preferredUnits(name);
  if (units[0] === 'piece') return 'each';
  if (units.includes('mL') || units.includes('L')) return 'mL';
  return 'g';
});

/** The same item whatever its spacing or case: 'Red  Onion' is 'red onion'. */
const sameNameKey = memoByString(4096, (name) => normalizeName(name).toLowerCase());

/**
 * How one ingredient converts: its base unit, and how much of it one of each unit (as written)
 * is. Every conversion is linear and a week's plan repeats a few dozen (name, unit) pairs, so
 * each is worked out once. NaN marks a unit that cannot be converted.
 */
interface Conversion {
  base: BaseUnit;
  byUnit: Map<string, number>;
}

const conversions = new Map<string, Conversion>();
const CONVERSIONS_LIMIT = 4096;

function conversionOf(name: string): Conversion {
  let conversion = conversions.get(name);
  if (conversion === undefined) {
    if (conversions.size >= CONVERSIONS_LIMIT) conversions.clear();
    conversion = { base: baseUnitOf(name), byUnit: new Map() };
    conversions.set(name, conversion);
  }
  return conversion;
}

function factorOf(conversion: Conversion, unit: string, name: string): number {
  let factor = conversion.byUnit.get(unit);
  if (factor === undefined) {
    factor = computeFactor(conversion.base, unit, name);
    conversion.byUnit.set(unit, factor);
  }
  return factor;
}

/**
 * A unit neither spec 9's tables nor the ingredient's own data know ('jar', 'leaf') is not
 * guessed at: the amount stays in its unit on a line of its own.
 */
function computeFactor(base: BaseUnit, unit: string, name: string): number {
  const u = canonicalUnit(unit);
  // A dozen is twelve of what is counted (eggs, bread rolls); of anything else it stays apart.
  if (base === 'each' && (u === 'dozen' || u === 'doz')) return 12;
  if (u !== null && !Object.hasOwn(ingredientProfile(name).factors, u)) return Number.NaN;
  if (base === 'mL' && u !== null && Object.hasOwn(MILLILITRES_PER_UNIT, u))
    return MILLILITRES_PER_UNIT[u] as number;
  const grams = toGrams(1, u === null ? null : unit, name);
  return base === 'each' ? grams / gramsPerUnit('piece', name) : grams;
}

/**
 * An amount in a unit of an ingredient, in its base unit: items by the per-item weight, a
 * volume of a liquid as its millilitres (1 cup of milk is 250 mL, not its 258 g), anything else
 * through grams (1 g = 1 mL, spec 9). 0 for a unit that cannot be converted ('jar').
 */
export function toBase(quantity: number, unit: string | null, name: string, base: BaseUnit): number {
  if (typeof quantity !== 'number' || !(quantity > 0) || !Number.isFinite(quantity)) return 0;
  if (typeof name !== 'string' || (base !== 'g' && base !== 'mL' && base !== 'each')) return 0;
  const conversion = conversionOf(name);
  const factor =
    conversion.base === base
      ? factorOf(conversion, typeof unit === 'string' ? unit : '', name)
      : computeFactor(base, typeof unit === 'string' ? unit : '', name);
  const amount = quantity * factor;
  return Number.isFinite(amount) ? amount : 0;
}

/**
 * An amount a person wrote on the shopping list or in the pantry, in its line's base unit.
 * Without a unit it counts what is counted: '3' onions are three onions (a recipe line without
 * a unit is grams, spec 5, and so is a list line of anything not counted). 0 where it cannot
 * be converted, as toBase.
 */
export function heldToBase(quantity: number, unit: string | null, name: string, base: BaseUnit): number {
  if (base === 'each' && canonicalUnit(unit) === null)
    return typeof quantity === 'number' && quantity > 0 && Number.isFinite(quantity) ? quantity : 0;
  return toBase(quantity, unit, name, base);
}

/**
 * What a pantry item holds, in its line's base unit (heldToBase), where a packet is the pack it
 * comes in when that is known: '2 packets' of spaghetti in 500 g packs are 1 kg. Without a
 * pack, a packet stays spec 9's 1 g.
 */
export function holdingToBase(
  quantity: number,
  unit: string | null,
  pack: HeldPack | null | undefined,
  name: string,
  base: BaseUnit,
): number {
  if (canonicalUnit(unit) === 'packet' && pack && typeof pack.size === 'number' && pack.size > 0)
    return heldToBase(quantity * pack.size, pack.unit, name, base);
  return heldToBase(quantity, unit, name, base);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A line being summed, with what it needs to sum and subtract quickly. */
interface Summing {
  line: NeedLine;
  conversion: Conversion;
  lastMeal: string | null;
  enough: boolean;
  /** A meal has it without an amount ('to taste'). */
  toTaste: boolean;
  /** Amounts in units that could not be converted, by canonical unit. */
  apart: Map<string, Summing> | null;
}

function addMeal(summing: Summing, label: string): void {
  if (summing.lastMeal === label) return;
  summing.lastMeal = label;
  if (!summing.line.meals.includes(label)) summing.line.meals.push(label);
}

/**
 * Turns the planned meals into the lines to buy (issue 19): every ingredient summed across
 * meals in its base unit (each meal scaled by its portions over the recipe's), what the pantry
 * holds subtracted, never below zero (a pantry item linked by ingredient, or free text with the
 * same normalised name; one without a quantity counts as enough). A line with no amount
 * ('to taste', an empty quantity) stays on its own and says so, and so does an amount in a unit
 * that cannot be converted ('2 jar'), summed with others in that unit. The order of the meals
 * and of their lines does not change the result; lines come sorted by name.
 */
export function shoppingNeeds(meals: readonly PlannedMeal[], pantry: readonly PantryHolding[]): NeedLine[] {
  const byId = new Map<number, Summing>();
  // Every line by its normalised name: free-text lines are keyed by it, and free-text pantry
  // items match it.
  const byName = new Map<string, Summing[]>();
  const all: Summing[] = [];
  const start = (id: number | null, name: string, nameKey: string): Summing => {
    const summing: Summing = {
      line: {
        key: id !== null ? `i:${id}` : `n:${nameKey}`,
        ingredient_id: id,
        name,
        base: null,
        need: 0,
        have: 0,
        buy: 0,
        meals: [],
      },
      conversion: conversionOf(name),
      lastMeal: null,
      enough: false,
      toTaste: false,
      apart: null,
    };
    all.push(summing);
    const named = byName.get(nameKey);
    if (named === undefined) byName.set(nameKey, [summing]);
    else named.push(summing);
    return summing;
  };
  for (const meal of Array.isArray(meals) ? meals : []) {
    const ingredients = meal?.recipe?.recipe_ingredients;
    if (!Array.isArray(ingredients)) continue;
    const recipePortions = portionsOrDefault(meal.recipe.portions);
    const scale = (positive(meal.portions) ?? recipePortions) / recipePortions;
    const label = String(meal.label);
    for (const recipeLine of ingredients) {
      const ingredient = recipeLine?.ingredients;
      if (!ingredient || typeof ingredient.name !== 'string') continue;
      const name = ingredient.name;
      const id = typeof ingredient.id === 'number' ? ingredient.id : null;
      let summing =
        id !== null
          ? byId.get(id)
          : byName.get(sameNameKey(name))?.find((s) => s.line.ingredient_id === null);
      if (summing === undefined) {
        summing = start(id, name, sameNameKey(name));
        if (id !== null) byId.set(id, summing);
      }
      const amount = parseQuantity(recipeLine.quantity) * scale;
      if (!(amount > 0)) {
        summing.toTaste = true;
        addMeal(summing, label);
        continue;
      }
      const unit = recipeLine.measurements?.name;
      const factor = factorOf(summing.conversion, typeof unit === 'string' ? unit : '', name);
      // NaN: a unit that cannot be converted.
      if (!Number.isNaN(factor)) {
        summing.line.base = summing.conversion.base;
        summing.line.need += amount * factor;
        addMeal(summing, label);
      } else {
        apartLine(summing, canonicalUnit(unit) as string, amount, label);
      }
    }
  }
  subtractPantry(pantry, byId, byName);
  const result: NeedLine[] = [];
  for (const summing of all) {
    // A line whose only amounts stay in their own units is those lines, not a 'to taste' one.
    if (summing.line.need > 0 || (summing.toTaste && summing.apart === null)) result.push(finish(summing));
    if (summing.apart) for (const apart of summing.apart.values()) result.push(finish(apart));
  }
  return result.sort((a, b) => compareNames(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const compareNames = new Intl.Collator('en-AU').compare;

function apartLine(summing: Summing, unit: string, amount: number, label: string): void {
  summing.apart ??= new Map();
  let apart = summing.apart.get(unit);
  if (apart === undefined) {
    const { line } = summing;
    apart = {
      line: {
        key: `${line.key}|${unit}`,
        ingredient_id: line.ingredient_id,
        name: line.name,
        base: null,
        unit,
        need: 0,
        have: 0,
        buy: 0,
        meals: [],
        note: `'${unit}' cannot be converted to ${summing.conversion.base}`,
      },
      conversion: summing.conversion,
      lastMeal: null,
      enough: false,
      toTaste: false,
      apart: null,
    };
    summing.apart.set(unit, apart);
  }
  addMeal(apart, label);
  apart.line.need += amount;
}

/** What the pantry holds, added to `have` of the lines it matches (in their unit). */
function subtractPantry(
  pantry: readonly PantryHolding[],
  byId: ReadonlyMap<number, Summing>,
  byName: ReadonlyMap<string, Summing[]>,
): void {
  if (!Array.isArray(pantry)) return;
  for (const item of pantry) {
    if (item === null || typeof item !== 'object') continue;
    if (typeof item.ingredient_id === 'number') {
      const summing = byId.get(item.ingredient_id);
      if (summing !== undefined) hold(summing, item);
    } else if (item.ingredient_id == null && typeof item.name === 'string') {
      const named = byName.get(sameNameKey(item.name));
      if (named !== undefined) for (const summing of named) hold(summing, item);
    }
  }
}

function hold(summing: Summing, item: PantryHolding): void {
  const quantity = positive(item.quantity);
  if (summing.apart !== null) {
    const apart = summing.apart.get(canonicalUnit(item.unit) as string);
    if (apart !== undefined) {
      if (quantity === null) apart.enough = true;
      else apart.line.have += quantity;
    }
  }
  if (quantity === null) summing.enough = true;
  else
    summing.line.have += holdingToBase(
      quantity,
      item.unit,
      item.pack,
      summing.line.name,
      summing.conversion.base,
    );
}

function finish({ line, enough }: Summing): NeedLine {
  if (line.need === 0) {
    // Nothing to buy and nothing to count against: the pantry's amount means nothing here.
    line.base = null;
    line.note = 'to taste';
    line.have = 0;
    return line;
  }
  const need = round(line.need);
  const held = round(Math.min(enough ? need : line.have, need));
  line.need = need;
  line.have = held;
  line.buy = round(need - held);
  return line;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
