import { charLength, LIMITS } from '../limits/limits.ts';
import { normalizeTag } from '../limits/normalize-name.ts';
import type { MealSlot } from '../recipes/meal-slots.ts';
import { plainText } from './plain-text.ts';

/**
 * The tags an imported recipe brings: its categories, cuisines and keywords in the order given,
 * from a comma-separated text, a list of texts, or items with a name (Mealie's tags and
 * categories, Tandoor's keywords), stored as the recipe editor stores tags. The recipe's own
 * name (pages often list it as a keyword) and anything longer than a tag may be are dropped, and
 * only the first LIMITS.recipeTags.max are kept: an import is never refused for its tags.
 */
export function importedTags(sources: readonly unknown[], recipeName = ''): string[] {
  const name = normalizeTag(plainText(recipeName));
  const tags = new Set<string>();
  for (const text of texts(sources, 0)) {
    const tag = normalizeTag(text);
    if (tag !== '' && tag !== name && charLength(tag) <= LIMITS.recipeTag.max) tags.add(tag);
    if (tags.size === LIMITS.recipeTags.max) break;
  }
  return [...tags];
}

function texts(value: unknown, depth: number): string[] {
  if (depth > 4) return [];
  if (typeof value === 'string') return plainText(value).split(',');
  if (Array.isArray(value)) return value.flatMap((v) => texts(v, depth + 1));
  if (typeof value === 'object' && value !== null)
    return texts((value as { name?: unknown }).name, depth + 1);
  return [];
}

/** Category words that name a meal of the day, as sources write them, and the planner's slot. */
const MEAL_WORDS = new Map<string, MealSlot>([
  ['breakfast', 'breakfast'],
  ['brunch', 'breakfast'],
  ['lunch', 'lunch'],
  ['dinner', 'dinner'],
  ['supper', 'dinner'],
  ['main', 'dinner'],
  ['mains', 'dinner'],
  ['main course', 'dinner'],
  ['main dish', 'dinner'],
  ['main meal', 'dinner'],
  ['snack', 'snack'],
  ['snacks', 'snack'],
]);

/** The meal an imported recipe is for (recipes.meal_type): the first of its tags that names one. */
export function mealTypeOf(tags: readonly string[]): MealSlot | null {
  for (const tag of tags) {
    const slot = MEAL_WORDS.get(tag);
    if (slot) return slot;
  }
  return null;
}
