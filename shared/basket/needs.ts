import { normalizeName } from '../limits/names.ts';
import type { RecipeLine } from '../nutrition/types.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { DEFAULT_UNIT_FACTORS } from '../units/factors.ts';
import { preferredUnits } from '../units/preferred-units.ts';
import { gramsPerUnit, toGrams } from '../units/to-grams.ts';
import { canonicalUnit } from '../units/unit-names.ts';

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
  const units = preferredUnits(name);
  if (units[0] === 'piece') return 'each';
  if (units.includes('mL') || units.includes('L')) return 'mL';
  return 'g';
}

/** Volumes in millilitres: spec 9's factors for mL, L, tsp, tbsp and cup are those of an Australian kitchen. */
const VOLUME_UNITS = new Set(['mL', 'L', 'tsp', 'tbsp', 'cup']);

/**
 * An amount in a unit of an ingredient, in its base unit: items by the per-item weight, a
 * volume of a liquid as its millilitres (1 cup of milk is 250 mL, not its 258 g), anything else
 * through grams (1 g = 1 mL, spec 9).
 */
export function toBase(quantity: number, unit: string | null, name: string, base: BaseUnit): number {
  const u = canonicalUnit(unit);
  if (base === 'mL' && u !== null && VOLUME_UNITS.has(u) && quantity > 0) {
    return quantity * (DEFAULT_UNIT_FACTORS[u] as number);
  }
  const grams = toGrams(quantity, unit, name);
  return base === 'each' ? grams / gramsPerUnit('piece', name) : grams;
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
  const lines = new Map<string, NeedLine>();
  for (const meal of Array.isArray(meals) ? meals : []) {
    const recipePortions = positive(meal?.recipe?.portions) ?? 1;
    const scale = (positive(meal?.portions) ?? recipePortions) / recipePortions;
    for (const line of meal?.recipe?.recipe_ingredients ?? []) {
      const ingredient = line?.ingredients;
      if (!ingredient || typeof ingredient.name !== 'string') continue;
      const id = typeof ingredient.id === 'number' ? ingredient.id : null;
      const key = id !== null ? `i:${id}` : `n:${normalizeName(ingredient.name).toLowerCase()}`;
      const amount = parseQuantity(line.quantity) * scale;
      const base = baseUnitOf(ingredient.name);
      const existing: NeedLine = lines.get(key) ?? {
        key,
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
      lines.set(key, existing);
    }
  }
  const result = [...lines.values()].map((line) => subtractPantry(line, pantry));
  return result.sort((a, b) => a.name.localeCompare(b.name, 'en-AU') || a.key.localeCompare(b.key));
}

function subtractPantry(line: NeedLine, pantry: readonly PantryHolding[]): NeedLine {
  const need = round(line.need);
  const name = normalizeName(line.name).toLowerCase();
  let have = 0;
  let enough = false;
  for (const item of Array.isArray(pantry) ? pantry : []) {
    const same =
      (line.ingredient_id !== null && item?.ingredient_id === line.ingredient_id) ||
      (item?.ingredient_id == null && normalizeName(item?.name ?? '').toLowerCase() === name);
    if (!same) continue;
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
