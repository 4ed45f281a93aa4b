import { formatDecimal, formatQuantity, SNAP_TOLERANCE } from '../quantity/format.ts';
import { pluralizeUnit } from '../quantity/plural.ts';
import { countNoun } from '../units/count-noun.ts';
import { GRAMS_PER_MASS_UNIT, MILLILITRES_PER_UNIT } from '../units/factors.ts';
import { preferredUnits } from '../units/preferred-units.ts';
import { gramsPerUnit, toGrams } from '../units/to-grams.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';

/** An ingredient amount ready to show (see {@link displayAmount}). */
export interface DisplayedAmount {
  /**
   * The amount in `unit`: as given (or exactly converted) for the written unit and metric, which
   * the text rounds; the measuring-set amount the text shows for a converted spoon or cup. 0 when
   * nothing is shown.
   */
  quantity: number;
  /** The unit shown, canonical and singular (`'tbsp'`, `'g'`, `'sprig'`, `'piece'`); `null` only when nothing is shown. */
  unit: string | null;
  /** `'2 tbsp'`, `'1 1/2 cups'`, `'130 g'`, `'1.25 kg'`, `'3'` for pieces; `''` when nothing is shown. */
  text: string;
}

/** Units shown without fractions (metric is read off a scale or a jug, not a measuring set). */
const METRIC = new Set(['g', 'mL', 'kg', 'L']);
/** Count units whose name the ingredient already says (`3` brown onions, not `3 pieces`). */
const COUNTS = new Set(['piece', 'unit']);
/** Canonical names that read differently (spec 9 writes `spring` for a sprig). */
const SHOWN_AS: Readonly<Record<string, string>> = { spring: 'sprig', unit: 'piece' };

/** Measuring sets (spoons and cups), metric volume, mass; anything else is a count. */
type Family = 'spoon' | 'liquid' | 'mass';
const FAMILY_UNITS: Readonly<Record<Family, readonly string[]>> = {
  // tbsp first: the neighbour of both tsp and cup.
  spoon: ['tbsp', 'tsp', 'cup'],
  liquid: ['mL', 'L'],
  mass: ['g', 'kg'],
};

function familyOf(unit: string): Family | null {
  if (unit === 'tsp' || unit === 'tbsp' || unit === 'cup') return 'spoon';
  if (unit === 'mL' || unit === 'L') return 'liquid';
  if (Object.hasOwn(GRAMS_PER_MASS_UNIT, unit)) return 'mass';
  return null;
}

/**
 * `value` of `unit` as shown, or `null` when it does not read well. Spoons and cups from their
 * smallest measure (1/8 tsp, 1 tbsp, 1/4 cup: Australian cup sets start at 1/4, and less is a
 * few spoonfuls) up to where the next measure reads better (over 6 tsp → tbsp, over 8 tbsp →
 * cups); g and mL from 1 and under 1000 (thousands read better as kg or L); kg and L from 1;
 * counts always. Under 1 tbsp reads better as teaspoons (4 to the Australian tablespoon).
 * A converted spoon or cup amount (`tolerance` not null) must also be measurable, and comes back
 * rounded to that measure (see {@link measurable}).
 */
function shownValue(unit: string, value: number, tolerance: number | null): number | null {
  if (!(value > 0) || !Number.isFinite(value)) return null;
  switch (unit) {
    case 'tsp':
      if (value < 0.125 - SNAP_TOLERANCE || value > 6 + SNAP_TOLERANCE) return null;
      break;
    case 'tbsp':
      if (value < 1 - SNAP_TOLERANCE || value > 8 + SNAP_TOLERANCE) return null;
      break;
    case 'cup':
      if (value < 0.25 - SNAP_TOLERANCE) return null;
      break;
    case 'g':
    case 'mL':
      return value >= 1 - 1e-9 && Math.round(value) < 1000 ? value : null;
    case 'kg':
    case 'L':
      return value >= 1 - 1e-9 ? value : null;
    default:
      return tolerance === null || familyOf(unit) === null ? value : null;
  }
  return tolerance === null ? value : measurable(value, tolerance);
}

/**
 * The nearest amount a measuring set gives, if within `tolerance` (relative) of `value`: a whole
 * number of the measure, or halves, thirds and quarters of it (an eighth only under 1, the 1/8
 * tsp and 1/8 cup some sets have). `null` when none is that close.
 */
function measurable(value: number, tolerance: number): number | null {
  const denominators = [1, 2, 3, 4];
  if (value < 1) denominators.push(8);
  let best: number | null = null;
  for (const d of denominators) {
    const nearest = Math.round(value * d) / d;
    const error = Math.abs(nearest - value);
    if (
      nearest > 0 &&
      error <= tolerance * value &&
      (best === null || error < Math.abs(best - value) - 1e-12)
    ) {
      best = nearest;
    }
  }
  return best;
}

/**
 * How far a conversion may round: 2 % from a metric amount (someone weighed or measured it, so
 * `300 mL` never becomes `1 1/4 cups`), 5 % between spoons and cups (Australian 20 mL tablespoons
 * and 250 mL cups do not divide evenly: 1/8 cup is 1.56 tbsp).
 */
function toleranceFrom(written: string): number {
  return familyOf(written) === 'spoon' ? 0.05 : 0.02;
}

/** The amount of `grams` (or of `amount` in `from`, exactly when both are volumes or masses) in `to`. */
function convert(amount: number, from: string, to: string, grams: number, name: string): number {
  const volumes = Object.hasOwn(MILLILITRES_PER_UNIT, from) && Object.hasOwn(MILLILITRES_PER_UNIT, to);
  if (volumes) return (amount * MILLILITRES_PER_UNIT[from]!) / MILLILITRES_PER_UNIT[to]!;
  if (Object.hasOwn(GRAMS_PER_MASS_UNIT, from) && Object.hasOwn(GRAMS_PER_MASS_UNIT, to))
    return (amount * GRAMS_PER_MASS_UNIT[from]!) / GRAMS_PER_MASS_UNIT[to]!;
  return grams / gramsPerUnit(to, name);
}

/**
 * How an ingredient amount is shown on a recipe, plan or shopping line (spec 9 "Preferred display
 * units are listed per ingredient" and "Quantity display"). Pure and total: any input gives a
 * result, never NaN, Infinity, `'undefined'` or `'0 <unit>'` for a positive amount.
 *
 * The unit, in this order of preference (the first that reads well wins, see below):
 * 1. the written unit, when it is one of the ingredient's {@link preferredUnits} (`2 tsp brown
 *    sugar` stays `2 tsp`, never `0.04 cup`);
 * 2. another preferred unit of the same family (spoons and cups; mL and L; g and kg), so a
 *    scaled-down `1 tbsp honey` × 1/4 shows `1 tsp`;
 * 3. for a written weight of an ingredient with no preferred weight unit, a preferred volume
 *    through the ingredient's weights (`40 g olive oil` → `40 mL`): oil is measured, not weighed;
 * 4. the written unit itself (`1 tbsp plain flour`, `300 mL cream`, `2 cups cabbage`; count
 *    units such as clove, stalk, sprig, handful, can are always kept);
 * 5. another unit of the same family (`1/8 cup` → `1 1/2 tbsp`, `1500 g` → `1.5 kg`);
 * 6. a preferred unit of the other volume family, exactly (`0.625 mL` vanilla → `1/8 tsp`);
 * 7. a preferred unit of the other kind (`0.625 g salt`, too little to weigh, → `1/8 tsp`);
 * 8. failing all, the written unit as it is.
 *
 * "Reads well": spoons and cups from their smallest measure (1/8 tsp, 1 tbsp, 1/4 cup) up to
 * where the next reads better (over 6 tsp, over 8 tbsp); g and mL from 1 and under 1000
 * (thousands show as kg or L, preferred or else when nothing else reads well); kg and L from 1.
 * A converted amount must also be measurable (a whole, half, third or quarter, an eighth only
 * under 1), within 2 % of a weighed or metric amount or 5 % of a spoon or cup one.
 *
 * Text: g and mL as whole numbers from 10 (`130 g`, never `130 1/4 g`; `2.5 g` under 10), kg and
 * L with up to two decimals (`1.25 kg`); spoons, cups and counts with {@link formatQuantity} and {@link pluralizeUnit}
 * (`1 1/2 cups`); `piece` (and `each`, `medium` …) as the number alone, since the ingredient's
 * name says what it counts.
 *
 * @param quantity the amount already scaled (e.g. `parseQuantity(line.quantity) × portions ÷
 *   recipe portions`). Zero, negative, NaN or a non-number shows nothing: `{ quantity: 0, text:
 *   '' }`, so the caller shows the written text instead (`'to taste'`).
 * @param unit the written unit in any spelling (`'Tablespoons'`, `'sprig'`); `null`, `undefined`
 *   or blank means grams (spec 5).
 * @param ingredientName the ingredient's name, matched as {@link toGrams} matches it.
 */
export function displayAmount(
  quantity: number,
  unit: string | null | undefined,
  ingredientName: string,
): DisplayedAmount {
  const written = canonicalUnit(unit) ?? 'g';
  if (typeof quantity !== 'number' || !(quantity > 0) || !Number.isFinite(quantity)) {
    return { quantity: 0, unit: canonicalUnit(unit) === null ? null : shownName(written), text: '' };
  }
  const chosen = chooseUnit(quantity, written, typeof ingredientName === 'string' ? ingredientName : '');
  return {
    quantity: chosen.value,
    unit: shownName(chosen.unit),
    text: formatAmountText(chosen.value, chosen.unit),
  };
}

function chooseUnit(quantity: number, written: string, name: string): { unit: string; value: number } {
  const family = familyOf(written);
  if (family === null) return { unit: written, value: quantity };
  const preferred = preferredUnits(name);
  const grams = toGrams(quantity, written, name);
  const tolerance = toleranceFrom(written);
  const tries: [string, number | null][] = [];
  const add = (u: string, converted: boolean): void => {
    if (u !== written || !converted) tries.push([u, converted ? tolerance : null]);
  };
  const isVolume = (f: Family | null): boolean => f === 'spoon' || f === 'liquid';
  const crossKind = (u: string): boolean =>
    familyOf(u) !== null && isVolume(familyOf(u)) !== isVolume(family);
  // The order of displayAmount's JSDoc. A written volume is already a kitchen measure, so it
  // is kept before trying weights (2 cups of cabbage stay cups); a weight of what is never
  // weighed moves to volume first (40 g of oil is measured as 40 mL).
  if (preferred.includes(written)) add(written, false);
  for (const u of preferred) if (familyOf(u) === family) add(u, true);
  const weighed = preferred.some((u) => familyOf(u) === 'mass');
  if (family === 'mass' && !weighed && grams > 0) for (const u of preferred) if (crossKind(u)) add(u, true);
  add(written, false);
  for (const u of FAMILY_UNITS[family]) add(u, true);
  for (const u of preferred)
    if (familyOf(u) !== family && isVolume(familyOf(u)) && isVolume(family)) add(u, true);
  if (grams > 0) for (const u of preferred) if (crossKind(u)) add(u, true);
  for (const [u, tol] of tries) {
    const value = shownValue(u, u === written ? quantity : convert(quantity, written, u, grams, name), tol);
    if (value !== null) return { unit: u, value };
  }
  return { unit: written, value: quantity };
}

function shownName(unit: string): string {
  return Object.hasOwn(SHOWN_AS, unit) ? (SHOWN_AS[unit] as string) : unit;
}

/**
 * Formats an amount in a unit as {@link displayAmount} does, without choosing another unit:
 * `(130.25, 'g')` → `'130 g'`, `(1.25, 'kg')` → `'1.25 kg'`, `(1.5, 'cup')` → `'1 1/2 cups'`,
 * `(3, 'piece')` → `'3'`, `(2, 'sprig')` → `'2 sprigs'`. The unit is read in any spelling; `null`,
 * `undefined` or blank means grams (spec 5). A positive amount never shows as `0`; zero,
 * negative, NaN or non-numbers give `''`.
 */
export function formatAmountText(quantity: number, unit: string | null | undefined): string {
  if (typeof quantity !== 'number' || !(quantity > 0) || !Number.isFinite(quantity)) return '';
  const u = canonicalUnit(unit) ?? 'g';
  if (METRIC.has(u)) return `${formatMetric(quantity, u)} ${u}`;
  const number = formatQuantity(quantity);
  if (COUNTS.has(u)) return number;
  return `${number} ${pluralizeUnit(shownName(u), quantity)}`;
}

/**
 * g and mL whole from 10 (a kitchen scale's resolution), one decimal under 10 (`2.5 g` of yeast),
 * two under 1; kg and L to two decimals, one from 10. Never `0`.
 */
function formatMetric(value: number, unit: string): string {
  if (unit === 'g' || unit === 'mL') {
    return value >= 10 ? String(Math.round(value)) : formatDecimal(value, value >= 1 ? 1 : 2);
  }
  return formatDecimal(value, value >= 10 ? 1 : 2);
}

/**
 * An amount in a base unit as shopping lines and baskets hold it (g, mL, or `each`/none for
 * items): `(600, 'g')` → `'600 g'`, `(1960, 'mL')` → `'1.96 L'` (thousands read better as kg
 * or L), `(4, 'each')` → `'4'`, `(12, 'each', 'sourdough bread')` → `'12 slices'` (the item as
 * {@link countNoun} names it), `(2, 'jar')` → `'2 jars'`.
 */
export function formatBaseAmount(amount: number, unit: string | null, name = ''): string {
  if (typeof amount === 'number' && amount >= 1000 && (unit === 'g' || unit === 'mL'))
    return formatAmountText(amount / 1000, unit === 'g' ? 'kg' : 'L');
  return formatAmountText(amount, countedAs(unit, name));
}

/**
 * The unit to show an amount of `name` in: a count (no unit, `each`, `piece`) as one of it is
 * called ({@link countNoun}: slices of bread, heads of lettuce), any other unit as it is.
 */
export function countedAs(unit: string | null | undefined, name: string): string {
  if (typeof unit !== 'string' || unit.trim() === '') return countNoun(name);
  const u = canonicalUnit(unit);
  return u === 'unit' || u === 'piece' ? countNoun(name) : unit;
}

/**
 * The unit an amount field is in, as its label says it: `'g'`, `'mL'`; a count as what one of it
 * is, plural (`'slices'` of bread, `'heads'` of lettuce), or `'each'`.
 */
export function fieldUnit(unit: string, name: string): string {
  const counted = countedAs(unit, name);
  if (counted === 'piece') return 'each';
  return counted === unit ? unit : pluralizeUnit(shownName(counted), 2);
}

/**
 * What whole packs leave over, in a base unit: weights and volumes as {@link formatBaseAmount},
 * counted things as a whole number. A pack of counted things sold by weight holds them only on
 * average (a 1 kg bag is 5.6 onions of a typical weight), so "4.6" onions left over reads as
 * "about 5", and less than half of one as "less than 1".
 */
export function formatLeftover(amount: number, unit: string | null, name = ''): string {
  if (unit !== 'each' && unit !== null) return formatBaseAmount(amount, unit);
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return formatBaseAmount(amount, unit, name);
  const noun = countNoun(name);
  if (amount < 0.5) return `less than ${formatAmountText(1, noun)}`;
  const whole = Math.round(amount);
  const text = formatAmountText(whole, noun);
  return Math.abs(amount - whole) < 1e-9 ? text : `about ${text}`;
}
