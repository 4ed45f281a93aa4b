import type { ParsedLine } from '../../../../shared/recipe-import/ingredient-line.ts';
import type { IngredientMatch } from '../../../../shared/recipe-import/match.ts';
import type { LineChoice } from '../../../../shared/recipe-import/save.ts';
import type { ImportedRecipe } from '../../../../shared/recipe-import/schema-org.ts';
import { measurementFor, type Named } from '../../lib/reference-data.ts';

/** Below this, a proposed match is marked for the person to check (see matchIngredient). */
export const SURE_MATCH = 0.8;

/** A line as the import-recipe function reads it: parsed, and matched when it could be. */
export type PreviewLine = ParsedLine & { match: IngredientMatch | null };
export type PreviewRecipe = ImportedRecipe & { lines: PreviewLine[] };

/** One line on the review screen: the ingredient it will be saved as, or kept as text. */
export interface ReviewLine {
  parsed: PreviewLine;
  ingredient: Named | null;
  /** 1 once the person chose the ingredient themselves. */
  confidence: number;
  asText: boolean;
}

export function reviewLines(recipe: PreviewRecipe): ReviewLine[] {
  return recipe.lines.map((parsed) => ({
    parsed,
    ingredient: parsed.match?.ingredient ?? null,
    confidence: parsed.match?.confidence ?? 0,
    // A line that could not be read, or names nothing Larder knows, stays text until matched.
    asText: parsed.unread || parsed.match === null,
  }));
}

export function needsCheck(line: ReviewLine): boolean {
  return !line.asText && line.confidence < SURE_MATCH;
}

/**
 * The lines as the save takes them: a matched line with its quantity and unit (the unit's
 * measurement found by its canonical name, as the parser names it), a text line as written.
 */
export function lineChoices(lines: readonly ReviewLine[], units: readonly Named[]): LineChoice[] {
  return lines.map((line): LineChoice => {
    const { parsed, ingredient } = line;
    if (line.asText || ingredient === null) return { kind: 'text', text: parsed.text };
    const measurementId = parsed.unit === null ? null : (measurementFor(units, parsed.unit)?.id ?? null);
    // A unit Larder has no measurement for would silently become grams: keep the line as text.
    if (parsed.unit !== null && measurementId === null) return { kind: 'text', text: parsed.text };
    return {
      kind: 'ingredient',
      ingredientId: ingredient.id,
      quantity: parsed.quantity,
      measurementId,
      note: parsed.note,
    };
  });
}
