import { memoByString } from '../internal/memo.ts';

/**
 * Spellings of units (lower-cased, without a trailing full stop) mapped to the canonical names
 * of spec 9's factor tables. Whole-item words (`each`, `whole`, `medium` …) map to `unit`.
 */
const ALIASES: Readonly<Record<string, string>> = {
  g: 'g',
  gm: 'g',
  gms: 'g',
  gr: 'g',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  grammes: 'g',
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  mg: 'mg',
  milligram: 'mg',
  milligrams: 'mg',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ml: 'mL',
  mls: 'mL',
  cc: 'mL',
  millilitre: 'mL',
  millilitres: 'mL',
  milliliter: 'mL',
  milliliters: 'mL',
  l: 'L',
  lt: 'L',
  ltr: 'L',
  litre: 'L',
  litres: 'L',
  liter: 'L',
  liters: 'L',
  tsp: 'tsp',
  tsps: 'tsp',
  teaspoon: 'tsp',
  teaspoons: 'tsp',
  tbsp: 'tbsp',
  tbsps: 'tbsp',
  tbs: 'tbsp',
  tbl: 'tbsp',
  tblsp: 'tbsp',
  tablespoon: 'tbsp',
  tablespoons: 'tbsp',
  cup: 'cup',
  cups: 'cup',
  clove: 'clove',
  cloves: 'clove',
  piece: 'piece',
  pieces: 'piece',
  pc: 'piece',
  pcs: 'piece',
  packet: 'packet',
  packets: 'packet',
  pack: 'packet',
  packs: 'packet',
  pkt: 'packet',
  slice: 'slice',
  slices: 'slice',
  rasher: 'slice',
  rashers: 'slice',
  can: 'can',
  cans: 'can',
  tin: 'can',
  tins: 'can',
  bunch: 'bunch',
  bunches: 'bunch',
  head: 'head',
  heads: 'head',
  stick: 'stick',
  sticks: 'stick',
  fillet: 'fillet',
  fillets: 'fillet',
  stalk: 'stalk',
  stalks: 'stalk',
  rib: 'stalk',
  ribs: 'stalk',
  spring: 'spring',
  springs: 'spring',
  sprig: 'spring',
  sprigs: 'spring',
  sheet: 'sheet',
  sheets: 'sheet',
  pinch: 'pinch',
  pinches: 'pinch',
  handful: 'handful',
  handfuls: 'handful',
  unit: 'unit',
  units: 'unit',
  each: 'unit',
  ea: 'unit',
  whole: 'unit',
  item: 'unit',
  items: 'unit',
  small: 'unit',
  medium: 'unit',
  large: 'unit',
};

/**
 * The canonical name of a unit (spec 9 factor tables: `g`, `kg`, `mL`, `L`, `tsp`, `tbsp`, `cup`,
 * `clove`, `piece`, … `spring`, `unit`), matched case-insensitively and ignoring a trailing
 * full stop and plurals (`Tablespoons` → `tbsp`, `sprig` → `spring`, `each` → `unit`).
 *
 * @returns `null` for a missing unit (`null`, `undefined`, blank, non-string), which spec 5
 *   reads as grams; an unknown unit comes back lower-cased and singular (`leaves` → `leaf`) so
 *   per-ingredient tables can still name it.
 */
export function canonicalUnit(unit: unknown): string | null {
  if (typeof unit !== 'string') return null;
  return canonicalCached(unit);
}

// Recipe lines repeat the same few unit spellings; the memo keeps normalising off the hot path.
const canonicalCached = memoByString(1024, canonical);

function canonical(unit: string): string | null {
  const text = unit.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  if (text === '') return null;
  // Own keys only: '__proto__' or 'constructor' typed as a unit are unknown units, not objects.
  const known = Object.hasOwn(ALIASES, text) ? ALIASES[text] : undefined;
  if (known !== undefined) return known;
  if (text.endsWith('ves')) return `${text.slice(0, -3)}f`;
  if (/(?:ch|sh|x)es$/.test(text)) return text.slice(0, -2);
  if (/[^s]s$/.test(text)) return text.slice(0, -1);
  return text;
}
