import { memoByString } from '../internal/memo.ts';
import { normalizeName } from '../limits/normalize-name.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { MILLILITRES_PER_UNIT } from '../units/factors.ts';
import { preferredUnits } from '../units/preferred-units.ts';
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

/** What the pantry holds, linked to an ingredient or free text. */
export interface PantryHolding {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
}

/** One line of the list the plan needs. */
export interface NeedLine {
  /** Stable across runs: `i:<ingredient id>` (or `n:<name>` for an ingredient without an id). */
  key: string;
  ingredient_id: number | null;
  name: string;
  /** The unit `need`, `have` and `buy` are in; null for a line with no amount ('to taste'). */
  base: BaseUnit | null;
  need: number;
  have: number;
  buy: number;
  /** The meals it is for, in plan order, each once. */
  meals: string[];
  /** Why the line has no amount, e.g. 'to taste'. */
  note?: string;
}

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

const byName = new Intl.Collator('en-AU').compare;

/** The same item whatever its spacing or case: 'Red  Onion' is 'red onion'. */
const sameNameKey = memoByString(4096, (name) => normalizeName(name).toLowerCase());

/**
 * An amount in a unit of an ingredient, in its base unit: items by the per-item weight, a
 * volume of a liquid as its millilitres (1 cup of milk is 250 mL, not its 258 g), anything else
 * through grams (1 g = 1 mL, spec 9).
 */
export function toBase(quantity: number, unit: string | null, name: string, base: BaseUnit): number {
  if (typeof quantity !== 'number' || !(quantity > 0) || !Number.isFinite(quantity)) return 0;
  if (typeof name !== 'string') return 0;
  const amount = quantity * baseFactor(base, typeof unit === 'string' ? unit : '', name);
  return Number.isFinite(amount) ? amount : 0;
}

// How much of the base unit one `unit` of an ingredient is; every conversion is linear, and a
// week's plan repeats a few dozen (name, unit) pairs, so each is worked out once.
const factors = new Map<string, Map<string, number>>();
const FACTORS_LIMIT = 4096;

function baseFactor(base: BaseUnit, unit: string, name: string): number {
  const key = base === 'g' ? name : `${base}:${name}`;
  let byUnit = factors.get(key);
  if (byUnit === undefined) {
    if (factors.size >= FACTORS_LIMIT) factors.clear();
    byUnit = new Map();
    factors.set(key, byUnit);
  }
  let factor = byUnit.get(unit);
  if (factor === undefined) {
    const u = canonicalUnit(unit);
    if (base === 'mL' && u !== null && Object.hasOwn(MILLILITRES_PER_UNIT, u))
      factor = MILLILITRES_PER_UNIT[u] as number;
    else {
      const grams = toGrams(1, unit === '' ? null : unit, name);
      factor = base === 'each' ? grams / gramsPerUnit('piece', name) : grams;
    }
    byUnit.set(unit, factor);
  }
  return factor;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Turns the planned meals into the lines to buy (issue 19): every ingredient summed across
 * meals in its base unit (each meal scaled by its portions over the recipe's), what the pantry
 * holds subtracted, never below zero (a pantry item linked by ingredient, or free text with the
 * same normalised name; one without a quantity counts as enough). A line with no amount
 * ('to taste', an empty quantity) stays on its own and says so. The order of the meals and of
 * their lines does not change the result; lines come sorted by name.
 */
export function shoppingNeeds(meals: readonly PlannedMeal[], pantry: readonly PantryHolding[]): NeedLine[] {
  // By ingredient id, or by name for a line without one: no key string built per line.
  const lines = new Map<number | string, NeedLine>();
  for (const meal of Array.isArray(meals) ? meals : []) {
    const recipePortions = positive(meal?.recipe?.portions) ?? 1;
    const scale = (positive(meal?.portions) ?? recipePortions) / recipePortions;
    for (const line of meal?.recipe?.recipe_ingredients ?? []) {
      const ingredient = line?.ingredients;
      if (!ingredient || typeof ingredient.name !== 'string') continue;
      const id = typeof ingredient.id === 'number' ? ingredient.id : null;
      const mapKey = id ?? sameNameKey(ingredient.name);
      const amount = parseQuantity(line.quantity) * scale;
      const base = baseUnitOf(ingredient.name);
      const existing: NeedLine = lines.get(mapKey) ?? {
        key: id !== null ? `i:${id}` : `n:${mapKey}`,
        ingredient_id: id,
        name: ingredient.name,
        base: null,
        need: 0,
        have: 0,
        buy: 0,
        meals: [],
      };
      if (amount > 0) {
        existing.base = base;
        existing.need += toBase(amount, line.measurements?.name ?? null, ingredient.name, base);
      } else if (existing.need === 0) {
        existing.note = 'to taste';
      }
      if (!existing.meals.includes(meal.label)) existing.meals.push(meal.label);
      lines.set(mapKey, existing);
    }
  }
  const held = indexPantry(pantry);
  const result = [...lines.values()].map((line) => subtractPantry(line, held));
  return result.sort((a, b) => byName(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

interface PantryIndex {
  byIngredient: Map<number, PantryHolding[]>;
  /** Free-text items (no ingredient), by their normalised name. */
  byName: Map<string, PantryHolding[]>;
}

function indexPantry(pantry: readonly PantryHolding[]): PantryIndex {
  const index: PantryIndex = { byIngredient: new Map(), byName: new Map() };
  for (const item of Array.isArray(pantry) ? pantry : []) {
    if (item === null || typeof item !== 'object') continue;
    if (typeof item.ingredient_id === 'number') {
      index.byIngredient.set(item.ingredient_id, [
        ...(index.byIngredient.get(item.ingredient_id) ?? []),
        item,
      ]);
    } else if (item.ingredient_id == null && typeof item.name === 'string') {
      const key = sameNameKey(item.name);
      index.byName.set(key, [...(index.byName.get(key) ?? []), item]);
    }
  }
  return index;
}

function subtractPantry(line: NeedLine, pantry: PantryIndex): NeedLine {
  const need = round(line.need);
  const matches = [
    ...(line.ingredient_id !== null ? (pantry.byIngredient.get(line.ingredient_id) ?? []) : []),
    ...(pantry.byName.get(sameNameKey(line.name)) ?? []),
  ];
  let have = 0;
  let enough = false;
  for (const item of matches) {
    const quantity = positive(item.quantity);
    if (quantity === null) enough = true;
    else if (line.base !== null) have += toBase(quantity, item.unit, line.name, line.base);
  }
  if (line.base === null)
    return { ...line, need: 0, have: 0, buy: 0, ...(line.note ? { note: line.note } : {}) };
  if (enough) have = Math.max(have, need);
  const held = round(Math.min(have, need));
  const meals = [...line.meals];
  const { note: _unused, ...rest } = line;
  return { ...rest, meals, need, have: held, buy: round(need - held) };
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
