import { SNAP_TOLERANCE } from './format.ts';

/** Unit abbreviations and symbols that never take a plural (spec 9 quantity display). */
const INVARIANT = new Set(['g', 'kg', 'mg', 'ml', 'l', 'tsp', 'tbsp', 'oz', 'lb', 'cm', 'mm', 'x']);
const IRREGULAR: Readonly<Record<string, string>> = {
  leaf: 'leaves',
  loaf: 'loaves',
  half: 'halves',
  knife: 'knives',
  potato: 'potatoes',
  tomato: 'tomatoes',
};

/**
 * Pluralises a unit name for display (spec 9: "a unit is pluralised when the quantity is 1 or
 * more and not about 1"; "about 1" means within 0.05 of 1, the display snapping tolerance).
 *
 * `cup` → `cups`, `clove` → `cloves`, `bunch` → `bunches`, `leaf` → `leaves`, `berry` →
 * `berries`; abbreviations (`g`, `kg`, `mL`, `L`, `tsp`, `tbsp` …) stay as they are, as does a
 * word that already looks plural. Only the last word of a phrase changes (`small can` →
 * `small cans`); the input's case is kept. Non-string units give `''`.
 */
export function pluralizeUnit(unit: string, quantity: number): string {
  if (typeof unit !== 'string') return '';
  const text = unit.trim();
  if (text === '') return '';
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return text;
  if (quantity < 1 || Math.abs(quantity - 1) <= SNAP_TOLERANCE) return text;
  const space = text.lastIndexOf(' ');
  const head = text.slice(0, space + 1);
  const word = text.slice(space + 1);
  return head + pluralWord(word);
}

function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (INVARIANT.has(lower) || !/[a-z]$/i.test(word)) return word;
  const irregular = IRREGULAR[lower];
  if (irregular !== undefined) return matchCase(word, irregular);
  if (/[^s]s$/i.test(word)) return word;
  if (/(?:s|sh|ch|x|z)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

function matchCase(original: string, replacement: string): string {
  if (original === original.toUpperCase()) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}
