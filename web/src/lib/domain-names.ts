/**
 * The smallest rules of shared/: names as stored, field limits, unit names and their factors.
 * Imported by path (not through `domain-items.ts`, whose display rules bring the unit tables)
 * because the pantry and shopping stores are in the first load: the signed-in shell opens their
 * realtime channels (bench/web.bench.ts measures the first load).
 */
export { LIMITS } from '../../../shared/limits/limits.ts';
export { normalizeName } from '../../../shared/limits/names.ts';
export { DEFAULT_UNIT_FACTORS } from '../../../shared/units/factors.ts';
export { canonicalUnit } from '../../../shared/units/unit-names.ts';
