import type { Measures } from '../../../../shared/recipe-import/ingredient-line.ts';
import type { ImportPayload } from '../../../../shared/recipe-import/save.ts';
import type { Json } from '../../../../supabase/database.types.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { supabase } from '../../lib/supabase.ts';
import type { PreviewRecipe } from './review.ts';

export type ImportOutcome = 'imported' | 'updated' | 'skipped';

/** The import-recipe function's reading of a page (by address, or its source pasted in). */
export async function previewImport(
  source: { url: string } | { html: string },
  measures: Measures,
): Promise<PreviewRecipe[]> {
  const { data, error } = await supabase.functions.invoke<{ recipes: PreviewRecipe[] }>('import-recipe', {
    body: { ...source, measures },
  });
  if (error)
    throw new Error(
      await functionErrorMessage(error, 'The page could not be read right now. Please try again.'),
    );
  return data?.recipes ?? [];
}

/**
 * The photo a page names, fetched by the import-recipe function (the browser may not read
 * another site's image itself), as it came: the caller scales it down before storing it.
 */
export async function fetchPagePhoto(address: string): Promise<Blob> {
  const { data, error } = await supabase.functions.invoke<Blob>('import-recipe', {
    body: { photo: address },
  });
  if (error || !(data instanceof Blob)) throw new Error('The photo could not be fetched.');
  return data;
}

/** Why a recipe was skipped, as the report says it; the database's 'unchanged' counts as skipped. */
const SKIPPED_BECAUSE: Record<string, string> = {
  unchanged: 'unchanged since it was last imported',
  skipped: 'already imported, and kept as it was',
};

/**
 * Saves one recipe whole or not at all (save_imported_recipe); a re-import updates or skips it,
 * and one with nothing changed is skipped, saying so.
 */
export async function saveImported(
  payload: ImportPayload,
  onExisting: 'update' | 'skip',
): Promise<{ outcome: ImportOutcome; recipeId: string; why: string | null }> {
  const { data, error } = await supabase.rpc('save_imported_recipe', {
    recipe: payload.recipe as unknown as Json,
    lines: payload.lines as unknown as Json,
    on_existing: onExisting,
  });
  if (error) throw error;
  const row = data?.[0];
  if (!row) throw new Error('The recipe was not saved.');
  const why = SKIPPED_BECAUSE[row.outcome] ?? null;
  return { outcome: why ? 'skipped' : (row.outcome as ImportOutcome), recipeId: row.recipe_id, why };
}
