import { ingredientProfile } from './profiles.ts';
import { canonicalUnit } from './unit-spellings.ts';

/**
 * Converts a quantity in a unit of an ingredient to grams (spec 5 "Ingredient quantities", spec 9
 * "Default unit-to-gram factors" and "Ingredient-specific data").
 *
 * - A missing unit (`null`, `undefined`, blank) means grams; `g`/`kg` (and `mg`, `oz`, `lb`) are
 *   used directly whatever the ingredient.
 * - `mL` and `L` use spec 9's default factors (1 g per mL).
 * - `tsp`, `tbsp` and `cup` use the ingredient's own Australian spoon or cup weight when the
 *   tables know it (`1 tsp salt` = 5 g, `1 cup plain flour` ≈ 132 g), else 5, 20 and 250.
 * - `piece` and `unit` (and `each`, `whole`, `medium` …) use the ingredient's per-item weight
 *   (`1 piece brown onion` = 180 g, `2 piece egg` = 100 g), else spec 9's 1 and 50.
 * - Other units (`clove`, `can`, `bunch`, `head`, `spring`/`sprig`, `pinch` …) use the
 *   ingredient's weight for that unit when known (`1 head lettuce` = 400 g), else spec 9's
 *   factor; a unit spec 9 does not list uses the per-item weight, else 1 g.
 *
 * A person's own ingredient (issue 20) may say what one of it weighs and its density; those
 * come first for counted units (`piece`, `unit`) and volumes (`mL`, `L`, spoons, cups).
 *
 * @param quantity the amount; a negative, NaN, infinite or non-number amount counts as 0.
 * @param own the ingredient's own weights, when it has them.
 * @returns grams, finite and ≥ 0.
 */
export function toGrams(
  quantity: number,
  unit: string | null | undefined,
  ingredientName: string,
  own?: OwnWeights | null,
): number {
  if (typeof quantity !== 'number' || !(quantity > 0) || quantity === Number.POSITIVE_INFINITY) return 0;
  const u = canonicalUnit(unit);
  if (u === null || u === 'g') return quantity;
  const grams = quantity * (ownGramsPerUnit(u, own) ?? gramsPerUnit(u, ingredientName));
  return Number.isFinite(grams) ? grams : 0;
}

/** An own ingredient's weights (ingredients.grams_per_each, grams_per_ml); null or absent: not given. */
export interface OwnWeights {
  grams_per_each?: number | string | null;
  grams_per_ml?: number | string | null;
}

const VOLUME_ML: Readonly<Record<string, number>> = { mL: 1, L: 1000, tsp: 5, tbsp: 20, cup: 250 };
const COUNTED = new Set(['piece', 'unit']);

function positive(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** Grams in one `unit` from an ingredient's own weights, or null when they do not say. */
function ownGramsPerUnit(unit: string, own: OwnWeights | null | undefined): number | null {
  if (!own) return null;
  const density = positive(own.grams_per_ml);
  if (density !== null && Object.hasOwn(VOLUME_ML, unit)) return VOLUME_ML[unit]! * density;
  const each = positive(own.grams_per_each);
  if (each !== null && COUNTED.has(unit)) return each;
  return null;
}

/**
 * Grams in one `unit` (canonical, see {@link canonicalUnit}) of an ingredient; the factor
 * {@link toGrams} multiplies by.
 */
export function gramsPerUnit(unit: string, ingredientName: string): number {
  const factors = ingredientProfile(ingredientName).factors;
  const f = typeof unit === 'string' && Object.hasOwn(factors, unit) ? factors[unit] : undefined;
  return f ?? factors.piece ?? 1;
}
