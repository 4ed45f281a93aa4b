/** The name a recipe is de-duplicated by: trimmed, inner whitespace collapsed, case folded. */
export function recipeNameKey(name: unknown): string {
  return typeof name === 'string' ? name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() : '';
}

/**
 * De-duplicates a recipe list by name (spec 5 "Recipe list: de-duplicated by name. A default
 * recipe replaces a same-named non-default one").
 *
 * Names match ignoring case and surrounding or repeated whitespace (`'Pad Thai '` = `'pad  thai'`),
 * because a user who copies a default recipe and retypes its name means the same dish. The first
 * recipe of each name keeps its place in the list; a later default replaces an earlier
 * non-default in that place; otherwise the first one wins. Input order is otherwise kept, the
 * input is not changed, and entries that are not objects are dropped.
 */
export function dedupeRecipes<T extends { name: string; is_default: boolean | null }>(recipes: T[]): T[] {
  if (!Array.isArray(recipes)) return [];
  const out: T[] = [];
  const index = new Map<string, number>();
  for (const recipe of recipes) {
    if (recipe === null || typeof recipe !== 'object') continue;
    const key = recipeNameKey(recipe.name);
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, out.length);
      out.push(recipe);
    } else if (recipe.is_default === true && out[at]?.is_default !== true) {
      out[at] = recipe;
    }
  }
  return out;
}
