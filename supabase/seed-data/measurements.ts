import { MEASUREMENT_NAMES } from '../../shared/units/measurements.ts';

/** Units of measure for ingredient lines: shared's list (shared/units/measurements.ts). */
export const MEASUREMENTS: readonly string[] = MEASUREMENT_NAMES;
