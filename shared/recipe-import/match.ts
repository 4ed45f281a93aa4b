import { nameKey, nameTokens } from '../units/ingredient-names.ts';

/** A Larder ingredient a line can be matched to: built-in or the person's own. */
export interface KnownIngredient {
  id: number;
  name: string;
}

export interface IngredientMatch {
  ingredient: KnownIngredient;
  /** 1 for the same name, lower as more of the line's words are left over; low ones are shown for review. */
  confidence: number;
}

/**
 * Australian names and the other names recipes from elsewhere use for the same thing, each
 * group read as one: a line saying 'cilantro' matches Larder's 'coriander'.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['coriander', 'cilantro'],
  ['capsicum', 'bell pepper', 'sweet pepper'],
  ['spring onion', 'scallion', 'green onion'],
  ['plain flour', 'all purpose flour', 'all-purpose flour'],
  ['self raising flour', 'self-rising flour', 'self rising flour'],
  ['caster sugar', 'superfine sugar'],
  ['icing sugar', 'powdered sugar', "confectioners' sugar"],
  ['eggplant', 'aubergine'],
  ['zucchini', 'courgette'],
  ['beef mince', 'ground beef', 'minced beef'],
  ['prawn', 'shrimp'],
  ['rocket', 'arugula'],
  ['snow pea', 'mangetout'],
  ['bicarbonate of soda', 'baking soda', 'bicarb soda'],
  ['cornflour', 'cornstarch'],
  ['thickened cream', 'heavy cream', 'whipping cream'],
  ['silverbeet', 'swiss chard', 'chard'],
  ['rockmelon', 'cantaloupe'],
  ['passionfruit', 'passion fruit'],
];

/** Each synonym's key → the keys of its group. */
const GROUPS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of SYNONYMS) {
    const keys = group.map(nameKey);
    for (const key of keys) map.set(key, keys);
  }
  return map;
})();

/** Larder's ingredients indexed by name key, for one import. */
export interface IngredientIndex {
  byKey: Map<string, KnownIngredient>;
}

export function indexIngredients(known: readonly KnownIngredient[]): IngredientIndex {
  const byKey = new Map<string, KnownIngredient>();
  for (const k of Array.isArray(known) ? known : []) {
    if (k && typeof k.name === 'string' && typeof k.id === 'number') {
      const key = nameKey(k.name);
      if (key !== '' && !byKey.has(key)) byKey.set(key, k);
    }
  }
  return { byKey };
}

/**
 * Proposes the Larder ingredient a line's name means: the longest run of its words (ending at the
 * head noun, as the unit tables match) that names an ingredient or one of its synonyms. The
 * confidence is the share of the line's words the match accounts for (1 when they are the same
 * words), so 'diced tomatoes' → 'tomato' is sure and 'fresh ricotta-stuffed zucchini flowers' →
 * 'zucchini' is marked for review. Null when nothing matches.
 */
export function matchIngredient(name: string, index: IngredientIndex): IngredientMatch | null {
  return matchTokens(nameTokens(name), index);
}

/** {@link matchIngredient} of a name already split by `nameTokens`. */
export function matchTokens(tokens: readonly string[], index: IngredientIndex): IngredientMatch | null {
  if (!Array.isArray(tokens) || tokens.length === 0 || !index?.byKey) return null;
  for (let end = tokens.length; end > 0; end--) {
    for (let start = 0; start < end; start++) {
      const key = tokens.slice(start, end).join(' ');
      for (const candidate of GROUPS.get(key) ?? [key]) {
        const ingredient = index.byKey.get(candidate);
        if (ingredient) {
          const confidence =
            Math.round(((end - start) / tokens.length) * (end === tokens.length ? 1 : 0.6) * 100) / 100;
          return { ingredient, confidence };
        }
      }
    }
  }
  return null;
}
