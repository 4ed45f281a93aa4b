import { MILLILITRES_PER_UNIT } from '../factors.ts';

/**
 * Household measures of USDA FoodData Central (SR Legacy "portion" weights) are US customary:
 * 1 US tsp = 4.92892 mL, 1 US tbsp = 14.7868 mL, 1 US cup = 236.588 mL. The tables in this folder
 * store the USDA gram weight for the USDA measure, as published, and are rescaled here to the
 * Australian metric spoons and cup of spec 9 (tsp 5 mL, tbsp 20 mL, cup 250 mL) by density.
 */
export type UsMeasure = 'tsp' | 'tbsp' | 'cup';

/** Millilitres in one US customary measure (NIST Handbook 44, appendix C). */
export const US_MEASURE_ML: Readonly<Record<UsMeasure, number>> = {
  tsp: 4.92892,
  tbsp: 14.7868,
  cup: 236.588,
};

/** Millilitres in one Australian metric measure (spec 9), as the unit factors hold them. */
export const AU_MEASURE_ML: Readonly<Record<UsMeasure, number>> = Object.freeze({
  tsp: MILLILITRES_PER_UNIT.tsp as number,
  tbsp: MILLILITRES_PER_UNIT.tbsp as number,
  cup: MILLILITRES_PER_UNIT.cup as number,
});

/** One row of a USDA portion table: ingredient name, US measure, grams in that measure. */
export type PortionRow = readonly [name: string, measure: UsMeasure, grams: number];

/** Density in g/mL of a USDA portion row. */
export function density(row: PortionRow): number {
  return row[2] / US_MEASURE_ML[row[1]];
}
