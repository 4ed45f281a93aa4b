/**
 * Units of measure for ingredient lines. The names are exactly those the shared unit converter
 * keys on (spec 9 "Default unit-to-gram factors"; `sprig` is the converter's alias of the spec's
 * `spring`), so every seeded line converts to grams.
 */
export const MEASUREMENTS: readonly string[] = [
  'g',
  'kg',
  'mL',
  'L',
  'tsp',
  'tbsp',
  'cup',
  'clove',
  'piece',
  'packet',
  'slice',
  'can',
  'bunch',
  'head',
  'stick',
  'fillet',
  'stalk',
  'sprig',
  'sheet',
  'pinch',
  'handful',
  'unit',
];
