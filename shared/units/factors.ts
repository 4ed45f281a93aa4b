/**
 * Default unit-to-gram factors, spec 9 "Default unit-to-gram factors", verbatim (including
 * `spring 10`, which the spec writes for a sprig; `sprig` is accepted as its alias by
 * {@link canonicalUnit}). Australian metric: tsp 5 mL, tbsp 20 mL, cup 250 mL, and volumes count
 * as water (1 g per mL) unless an ingredient's own spoon or cup weight is known.
 */
export const DEFAULT_UNIT_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  mL: 1,
  L: 1000,
  tsp: 5,
  tbsp: 20,
  cup: 250,
  g: 1,
  kg: 1000,
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

/**
 * Pack-measure factors, spec 9 "Pack measure factors", verbatim: mL 1, L 1000, g 1, kg 1000,
 * tsp 5, tbsp 20, cup 250; anything else 1 (a count such as `12 pack`).
 */
export const PACK_MEASURE_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  mL: 1,
  L: 1000,
  g: 1,
  kg: 1000,
  tsp: 5,
  tbsp: 20,
  cup: 250,
});
