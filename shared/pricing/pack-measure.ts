import { memoByString } from '../internal/memo.ts';
import { PACK_MEASURE_FACTORS } from '../units/factors.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';

/** A pack measure read apart: how many of what. */
export interface PackMeasure {
  /** The number written times any `N x` multiplier (`'2 x 500g'` → 1000 with unit `g`). */
  readonly amount: number;
  /** Canonical unit (`g`, `kg`, `mL`, `L`, `tsp`, `tbsp`, `cup`, `packet`, `unit` …); null if none. */
  readonly unit: string | null;
  /** The pack-measure factor of spec 9 for that unit (1 for anything else). */
  readonly factor: number;
  /** True when the unit is not one of spec 9's measures, i.e. the pack holds a count of items. */
  readonly counted: boolean;
}

const MEASURE =
  /^(?:(\d+(?:\.\d+)?)\s*[x×*]\s*)?(\d+(?:\.\d+)?|\.\d+)\s*(?:([a-z]+)\.?(?:\s+[a-z][a-z .]*)?)?$/;
const THOUSANDS = /(\d),(?=\d{3}(?!\d))/g;

/**
 * Reads a pack measure into amount and unit (spec 3 `*_measure`, spec 9 "Pack measure
 * factors"). Case and spaces do not matter (`'250 mL'`, `'1L'`, `'1.5kg'`, `'1,000g'`), a multiplier
 * `'6 x 375mL'` multiplies, and a bare number has no unit (factor 1). `null` when unreadable.
 */
export function readPackMeasure(measure: unknown): PackMeasure | null {
  if (typeof measure === 'number') {
    return Number.isFinite(measure) && measure > 0
      ? { amount: measure, unit: null, factor: 1, counted: false }
      : null;
  }
  if (typeof measure !== 'string') return null;
  return readCached(measure);
}

const readCached = memoByString(1024, (measure) => read(measure));

function read(measure: string): PackMeasure | null {
  const match = MEASURE.exec(measure.trim().toLowerCase().replace(THOUSANDS, '$1'));
  if (match === null) return null;
  const times = match[1] === undefined ? 1 : Number(match[1]);
  const amount = times * Number(match[2]);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const unit = canonicalUnit(match[3]);
  const factor = unit === null ? 1 : (PACK_MEASURE_FACTORS[unit] ?? 1);
  return { amount, unit, factor, counted: unit !== null && PACK_MEASURE_FACTORS[unit] === undefined };
}

/**
 * The size of a pack in base units (spec 9 "Pack measure factors", verbatim: mL 1, L 1000, g 1,
 * kg 1000, tsp 5, tbsp 20, cup 250, anything else 1): `'500g'` → 500, `'1L'` → 1000, `'1.5kg'`
 * → 1500, `'250 mL'` → 250, `'12 pack'` → 12, `'2 x 500g'` → 1000.
 *
 * @returns a finite number > 0, or 0 for missing or unreadable input (`null`, `''`, `'each'`,
 *   `'-1kg'`, objects).
 */
export function parsePackMeasure(measure: unknown): number {
  const m = readPackMeasure(measure);
  if (m === null) return 0;
  const value = m.amount * m.factor;
  return Number.isFinite(value) ? value : 0;
}
