import { normalizeName } from '../limits/normalize-name.ts';
import { isQuantityText } from '../limits/quantity-text.ts';
import { formatQuantity } from '../quantity/format.ts';
import { parseQuantity } from '../quantity/parse.ts';
import { EXTRA_MASS_FACTORS } from '../units/factors.ts';
import { MEASUREMENT_NAMES } from '../units/measurements.ts';
import { canonicalUnit } from '../units/unit-spellings.ts';

/** Cups and spoons as the source meant them: Australian metric (the default) or US customary. */
export type Measures = 'au' | 'us';

/** An ingredient line as written, read into Larder's parts. */
export interface ParsedLine {
  /** The text as written. */
  text: string;
  /** The quantity as Larder stores it ('1 1/2', '½', 'to taste'), or null when none. */
  quantity: string | null;
  /** A unit of Larder's measurements (g, mL, cup, clove …), or null (grams, or a count). */
  unit: string | null;
  /** What the ingredient is called in the line: 'plain flour'. */
  name: string;
  /** Preparation and the rest: 'sifted', 'leaves picked', '3-4'. */
  note: string | null;
  /** True when the line could not be read as amount, unit and ingredient; it is then kept as text. */
  unread: boolean;
}

/** The units of Larder's measurements table, by the canonical name the unit rules give them. */
const LARDER_UNITS = new Set(MEASUREMENT_NAMES.map((name) => canonicalUnit(name) as string));
/** US customary volumes as Australian ones: a US cup is 236.6 mL, an Australian one 250. */
const US_TO_AU: Readonly<Record<string, number>> = {
  cup: 236.5882365 / 250,
  tbsp: 14.78676478 / 20,
  tsp: 4.92892159 / 5,
};

const VULGAR = '¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';
/** A number as people write it: '2', '1.5', '1/2', '1 1/2', '½', '1½', '1 ½'. */
const NUMBER = `(?:\\d+\\s+\\d+/\\d+|\\d+/\\d+|\\d+(?:[.,]\\d+)?(?:\\s*[${VULGAR}])?|[${VULGAR}]|an?(?=\\s+[a-z]+\\s))`;
const LEADING = new RegExp(`^(${NUMBER})(?:\\s*(?:-|–|to)\\s*(${NUMBER}))?\\s*(?:x|×)?\\s*`, 'i');
const TO_TASTE = /(?:,\s*|\s+)(?:to taste|as needed|to serve|for serving)\s*$/i;
const WORD = /^([a-zA-Z]+)\.?(?=\s|$|,)/;

const plainNumber = (text: string): number =>
  /^an?$/i.test(text) ? 1 : parseQuantity(text.replace(',', '.').replace(/(\d)\s*([¼-⅞])/u, '$1 $2'));

/** Metric amounts from 10 up read best whole (227 g, not 226 3/4). */
const METRIC = new Set(['g', 'kg', 'mL', 'L']);
function shownAmount(amount: number, unit: string | null): string {
  return unit !== null && METRIC.has(unit) && amount >= 10
    ? String(Math.round(amount))
    : formatQuantity(amount);
}

/**
 * Reads an ingredient line as people write it ("2 cups plain flour, sifted", "1 x 400g can
 * diced tomatoes", "½ bunch coriander, leaves picked", "250g (9oz) butter, softened", "salt and
 * pepper, to taste", "3-4 garlic cloves") into quantity, unit, ingredient name and note:
 * quantities with the shared parser, units with the shared unit names (ounces and pounds become
 * grams; US cups and spoons become Australian ones when `measures` is 'us'), a range taken at
 * its top (the note keeps it), a parenthesis and what follows the first comma kept as the note.
 * Never throws; a line it cannot read comes back whole as the name with `unread` set.
 */
export function parseIngredientLine(text: string, measures: Measures = 'au'): ParsedLine {
  const written = typeof text === 'string' ? normalizeName(text).slice(0, 500) : '';
  const unread: ParsedLine = {
    text: written,
    quantity: null,
    unit: null,
    name: written,
    note: null,
    unread: true,
  };
  if (written === '') return unread;
  let rest = written;
  const notes: string[] = [];
  let toTaste = false;
  if (TO_TASTE.test(rest)) {
    toTaste = true;
    rest = rest.replace(TO_TASTE, '');
  }
  let amount = 0;
  const lead = LEADING.exec(rest);
  if (lead) {
    const low = plainNumber(lead[1] as string);
    const high = lead[2] === undefined ? low : plainNumber(lead[2]);
    amount = Math.max(low, high);
    if (lead[2] !== undefined) notes.push(`${lead[1]}-${lead[2]}`);
    rest = rest.slice(lead[0].length);
    // "1 x 400g can": the multiplier times the pack that follows.
    const pack = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]+)\b\s*/.exec(rest);
    if (/[x×]\s*$/i.test(lead[0]) && pack) {
      amount *= Number(pack[1]);
      rest = `${pack[2]} ${rest.slice(pack[0].length)}`;
    }
  }
  let unit: string | null = null;
  const word = WORD.exec(rest);
  const canonical = word ? canonicalUnit(word[1]) : null;
  if (
    amount > 0 &&
    word &&
    canonical !== null &&
    (LARDER_UNITS.has(canonical) || canonical in EXTRA_MASS_FACTORS)
  ) {
    unit = canonical;
    rest = rest.slice(word[0].length).trim();
    if (/^(?:can|tin|packet)s?\b/i.test(rest)) rest = rest.replace(/^\w+\s*/, '');
    if (/^of\s/i.test(rest)) rest = rest.slice(3);
  }
  const paren = /\s*\(([^)]*)\)\s*/.exec(rest);
  if (paren) {
    if (!/^\s*\d+(?:\.\d+)?\s*(?:oz|lb|g|ml|cups?)\s*$/i.test(paren[1] as string))
      notes.push((paren[1] as string).trim());
    rest = `${rest.slice(0, paren.index)} ${rest.slice(paren.index + paren[0].length)}`.trim();
  }
  const comma = rest.indexOf(',');
  if (comma >= 0) {
    notes.push(rest.slice(comma + 1).trim());
    rest = rest.slice(0, comma).trim();
  }
  // "3 garlic cloves": the part word after the name is the unit.
  const trailing = /\s+(cloves?|sprigs?|stalks?|sticks?|fillets?|slices?|heads?|bunch(?:es)?)$/i.exec(rest);
  if (unit === null && amount > 0 && trailing) {
    unit = canonicalUnit(trailing[1]);
    rest = rest.slice(0, trailing.index);
  }
  if (unit !== null && Object.hasOwn(EXTRA_MASS_FACTORS, unit)) {
    amount *= EXTRA_MASS_FACTORS[unit] as number;
    unit = 'g';
  }
  if (measures === 'us' && unit !== null && Object.hasOwn(US_TO_AU, unit)) amount *= US_TO_AU[unit] as number;
  // "2 eggs": a count. Larder reads a line without a unit as grams, so a count says piece.
  if (amount > 0 && unit === null) unit = 'piece';
  if (unit === 'spring') unit = 'sprig';
  const name = normalizeName(rest.replace(/^(?:of|a|an)\s+/i, ''));
  const note = notes.filter(Boolean).join('; ') || null;
  if (name === '') return unread;
  let quantity: string | null = null;
  if (amount > 0) {
    const shown = shownAmount(amount, unit);
    if (!isQuantityText(shown))
      return { ...unread, note: 'the amount is outside what a recipe line can hold' };
    quantity = shown;
  } else if (toTaste) {
    quantity = 'to taste';
  }
  return { text: written, quantity, unit, name, note, unread: false };
}
