/**
 * The units of Larder's measurements table (its seed rows, supabase/seed-data): the names the
 * unit converter keys on (spec 9 "Default unit-to-gram factors"; `sprig` is the converter's alias
 * of the spec's `spring`), so every line in one of them converts to grams. One list for the seed
 * and for anything that must name a unit the database has (recipe import).
 */
export const MEASUREMENT_NAMES: readonly string[] = [
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
