/**
 * Ingredient-name normalisation for matching names to the data tables (spec 9 "Ingredient-
 * specific data"). Table keys and recipe names go through the same function, so whatever it
 * does to a word it does on both sides.
 */

/** Preparation and size words that do not change what an ingredient is. */
const DESCRIPTORS = new Set(
  (
    'a an the of and or to for with about approx approximately plus extra optional serve serving ' +
    'serving garnish taste needed fresh freshly finely roughly coarsely thinly thickly lightly ' +
    'chopped diced sliced minced grated crushed peeled halved quartered trimmed drained rinsed ' +
    'washed packed softened melted beaten shredded cubed cut into piece pieces small medium large ' +
    'big baby organic ripe virgin good quality cold warm room temperature at store bought ' +
    'homemade boneless skinless lean skin on off deseeded seeded pitted cored zested juiced ' +
    'torn picked'
  ).split(' '),
);
/** Words naming a part or portion of an item, dropped from the end when nothing else matches. */
const PART_WORDS = new Set([
  'clove',
  'sprig',
  'stalk',
  'stick',
  'fillet',
  'head',
  'bunch',
  'piece',
  'slice',
  'sheet',
  'can',
  'tin',
  'packet',
  'rasher',
  'knob',
  'wedge',
  'spear',
  'leaf',
]);
const IRREGULAR: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  loaves: 'loaf',
  halves: 'half',
  chillies: 'chilli',
  chilies: 'chilli',
  chili: 'chilli',
  cookies: 'cookie',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
  avocadoes: 'avocado',
};

/** Singular form of one lower-case word (English plural rules plus a few irregulars). */
export function singular(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || /(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Splits an ingredient name into matching tokens: lower case, accents and parentheses removed,
 * `'onion, brown'` read as `'brown onion'`, punctuation and hyphens as spaces, descriptors
 * (`finely chopped`, `large`, `fresh` …) dropped, every word singular. A non-string gives `[]`.
 */
export function nameTokens(name: string): string[] {
  if (typeof name !== 'string') return [];
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/['’]/g, '');
  const parts = plain.split(/[,;]/);
  const ordered = parts.length > 1 ? [...parts.slice(1).reverse(), parts[0]] : parts;
  const tokens: string[] = [];
  for (const part of ordered) {
    for (const word of (part ?? '').split(/[^a-z0-9]+/)) {
      if (word === '' || DESCRIPTORS.has(word)) continue;
      tokens.push(singular(word));
    }
  }
  return tokens;
}

/** The normalised key of a table entry (its tokens joined by single spaces). */
export function nameKey(name: string): string {
  return nameTokens(name).join(' ');
}

/**
 * Finds the table key that best names an ingredient: the longest run of words ending at the
 * head noun (the last word), e.g. `'extra virgin olive oil'` → `'olive oil'`, `'chicken stock'`
 * → `'stock'` when there is no `'chicken stock'`; when none matches and the last word names a
 * part (`clove`, `fillet` …) it is dropped and the search repeats (`'garlic clove'` → `'garlic'`).
 * Words before the head never match alone, so `'egg noodles'` is not `'egg'`.
 */
export function matchKey(tokens: readonly string[], has: (key: string) => boolean): string | null {
  let end = tokens.length;
  while (end > 0) {
    for (let start = 0; start < end; start++) {
      const key = tokens.slice(start, end).join(' ');
      if (has(key)) return key;
    }
    const last = tokens[end - 1];
    if (last === undefined || !PART_WORDS.has(last)) return null;
    end--;
  }
  return null;
}
