import { memoByString } from '../internal/memo.ts';
import { ITEM_WEIGHTS } from './data/item-weights.ts';
import { matchKey, nameKey, nameTokens } from './ingredient-names.ts';

/** Per counted ingredient of the item weights, the unit that is one item of it (bread: slice). */
let nouns: ReadonlyMap<string, string | null> | undefined;

function countNouns(): ReadonlyMap<string, string | null> {
  if (nouns) return nouns;
  const found = new Map<string, string | null>();
  for (const row of ITEM_WEIGHTS) {
    const unit = Object.entries(row.units ?? {}).find(([, grams]) => grams === row.each)?.[0];
    found.set(nameKey(row.name), unit ?? null);
  }
  nouns = found;
  return found;
}

const nounCached = memoByString(1024, (name): string => {
  const table = countNouns();
  const key = matchKey(nameTokens(name), (k) => table.has(k));
  return (key !== null && table.get(key)) || 'piece';
});

/**
 * What one of a counted ingredient is called, as its item weight names it: a `slice` of bread or
 * bacon, a `sheet` of pastry or lasagne, a `head` of lettuce, a `clove` of garlic; `piece` (shown
 * as the number alone) for an avocado, an egg or anything the tables do not name. So a list's
 * "sourdough bread · 12", summed in items, reads "12 slices", not a dozen loaves.
 */
export function countNoun(name: string): string {
  return typeof name === 'string' && name !== '' ? nounCached(name) : 'piece';
}
