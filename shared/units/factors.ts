/**
 * Millilitres in one volume unit, Australian metric (spec 9 "Default unit-to-gram factors": mL 1,
 * L 1000, tsp 5, tbsp 20, cup 250). Conversions among these never depend on the ingredient.
 */
export const MILLILITRES_PER_UNIT: Readonly<Record<string, number>> = Object.freeze({
  mL: 1,
  L: 1000,
  tsp: 5,
  tbsp: 20,
  cup: 250,
});

/** Grams in spec 9's mass units (g 1, kg 1000). */
const METRIC_GRAMS: Readonly<Record<string, number>> = Object.freeze({ g: 1, kg: 1000 });

/**
 * Default unit-to-gram factors, spec 9 "Default unit-to-gram factors", verbatim (including
 * `spring 10`, which the spec writes for a sprig; `sprig` is accepted as its alias by
 * {@link canonicalUnit}). Volumes count as water (1 g per mL) unless an ingredient's own spoon or
 * cup weight is known.
 */
export const DEFAULT_UNIT_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  ...MILLILITRES_PER_UNIT,
  ...METRIC_GRAMS,
  clove: 5,
  piece: 1,
  packet: 1,
  slice: 1,
  can: 400,
  bunch: 100,
  head: 300,
  stick: 125,
  fillet: 150,
  stalk: 50,
  spring: 10,
  sheet: 1,
  pinch: 0.3,
  handful: 30,
  unit: 50,
});

/**
 * Mass units beyond spec 9's list, for imported recipes (exact conversions). Not used for pack
 * measures, whose factors spec 9 fixes.
 */
export const EXTRA_MASS_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  mg: 0.001,
  oz: 28.349523125,
  lb: 453.59237,
});

/** Grams in one mass unit: spec 9's g and kg, and the extra ones. */
export const GRAMS_PER_MASS_UNIT: Readonly<Record<string, number>> = Object.freeze({
  ...METRIC_GRAMS,
  ...EXTRA_MASS_FACTORS,
});

/**
 * Pack-measure factors, spec 9 "Pack measure factors", verbatim: mL 1, L 1000, g 1, kg 1000,
 * tsp 5, tbsp 20, cup 250; anything else 1 (a count such as `12 pack`).
 */
export const PACK_MEASURE_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  ...MILLILITRES_PER_UNIT,
  ...METRIC_GRAMS,
});
