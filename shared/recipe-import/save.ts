import { charLength, isQuantityText, LIMITS } from '../limits/index.ts';
import type { MealSlot } from '../recipes/meal-slots.ts';
import type { ImportedRecipe } from './schema-org.ts';
import { mealTypeOf } from './tags.ts';

/** Where an import came from: with the recipe's id there, the key a re-import finds it by. */
export type ImportSource = 'web' | 'mealie' | 'tandoor' | 'paprika' | 'kitchenowl' | 'grocy' | 'schema-org';

/** What the person decided for one line on the review screen. */
export type LineChoice =
  | {
      kind: 'ingredient';
      ingredientId: number;
      quantity: string | null;
      measurementId: number | null;
      note: string | null;
    }
  | { kind: 'text'; text: string };

/** An ingredient line as the database stores it (recipe_ingredients), without its recipe and place. */
export interface LineRow {
  ingredient_id: number;
  /** Null when none was given (never ''), as the database stores it. */
  quantity: string | null;
  measurement_id: number | null;
  note: string | null;
}

/** The arguments of public.save_imported_recipe (migration *_recipe_imports.sql). */
export interface ImportPayload {
  recipe: {
    name: string;
    description: string | null;
    portions: number | null;
    duration: number | null;
    steps: string[];
    /** Kept on a new recipe only: an update keeps the tags the person has given it since. */
    tags: string[];
    meal_type: MealSlot | null;
    source_url: string | null;
    source_author: string | null;
    import_source: ImportSource;
    import_source_id: string;
    text_lines: string[];
  };
  lines: LineRow[];
}

export type PayloadResult = { ok: true; payload: ImportPayload } | { ok: false; problems: string[] };

/**
 * An imported recipe and the person's choices as the database will save them, or every reason
 * it cannot be, each naming the recipe and the field, so nothing is sent that the database's
 * constraints would refuse halfway (the function saves whole or not at all in any case).
 * Without an id of its own in the source, a recipe is keyed by its address, else by its name.
 */
export function importPayload(
  recipe: ImportedRecipe,
  source: ImportSource,
  choices: readonly LineChoice[],
): PayloadResult {
  const name = recipe.name.trim();
  const problems: string[] = [];
  const say = (field: string, why: string) =>
    problems.push(`"${clip(name || 'Untitled')}": ${field} ${why}.`);
  const over = (field: string, text: string | null, max: number) => {
    if (text !== null && charLength(text) > max) say(field, `is longer than ${max} characters`);
  };

  if (name === '') say('name', 'is missing');
  over('name', name, LIMITS.recipeName.max);
  over('description', recipe.description, LIMITS.recipeDescription.max);
  if (recipe.steps.length > LIMITS.recipeSteps.max)
    say('method', `has more than ${LIMITS.recipeSteps.max} steps`);
  for (const [i, step] of recipe.steps.entries()) over(`step ${i + 1}`, step, LIMITS.recipeStep.max);
  over('author', recipe.author, LIMITS.recipeAuthor.max);
  const url =
    recipe.sourceUrl !== null && /^https?:\/\/\S+$/i.test(recipe.sourceUrl) ? recipe.sourceUrl : null;
  over('source address', url, LIMITS.recipeSourceUrl.max);
  const sourceId = recipe.sourceId || url || `name:${name.toLowerCase()}`;
  over('source id', sourceId, LIMITS.recipeSourceId.max);

  const lines: ImportPayload['lines'] = [];
  const textLines: string[] = [];
  choices.forEach((choice, i) => {
    const field = `ingredient line ${i + 1}`;
    if (choice.kind === 'text') {
      over(field, choice.text, LIMITS.recipeTextLine.max);
      textLines.push(choice.text);
      return;
    }
    if (
      choice.quantity !== null &&
      !(isQuantityText(choice.quantity) && charLength(choice.quantity) <= LIMITS.lineQuantityText.max)
    )
      say(`${field}'s quantity`, `"${clip(choice.quantity)}" is not an amount Larder can use`);
    over(`${field}'s note`, choice.note, LIMITS.lineNote.max);
    lines.push({
      ingredient_id: choice.ingredientId,
      quantity: choice.quantity,
      measurement_id: choice.measurementId,
      note: choice.note,
    });
  });
  if (lines.length > LIMITS.recipeImportLines.max)
    say('ingredients', `has more than ${LIMITS.recipeImportLines.max} lines`);
  if (textLines.length > LIMITS.recipeTextLines.max)
    say('ingredients', `has more than ${LIMITS.recipeTextLines.max} lines kept as text`);
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    payload: {
      recipe: {
        name,
        description: recipe.description || null,
        portions: inRange(recipe.portions, LIMITS.portions),
        duration: inRange(recipe.duration, LIMITS.duration),
        steps: recipe.steps,
        tags: recipe.tags,
        meal_type: mealTypeOf(recipe.tags),
        source_url: url,
        source_author: recipe.author || null,
        import_source: source,
        import_source_id: sourceId,
        text_lines: textLines,
      },
      lines,
    },
  };
}

/** Portions and time outside Larder's range are dropped rather than refused: the recipe still reads. */
function inRange(n: number | null, range: { min: number; max: number }): number | null {
  return n !== null && Number.isInteger(n) && n >= range.min && n <= range.max ? n : null;
}

/** A value quoted in a message: short enough to read. */
function clip(text: string): string {
  return charLength(text) > 60 ? `${[...text].slice(0, 57).join('')}...` : text;
}
