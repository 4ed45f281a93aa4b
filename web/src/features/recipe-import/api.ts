import type { Measures } from '../../../../shared/mod.ts';
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

/** Saves one recipe whole or not at all (save_imported_recipe); a re-import updates or skips it. */
export async function saveImported(
  payload: ImportPayload,
  onExisting: 'update' | 'skip',
): Promise<{ outcome: ImportOutcome; recipeId: string }> {
  const { data, error } = await supabase.rpc('save_imported_recipe', {
    recipe: payload.recipe as unknown as Json,
    lines: payload.lines as unknown as Json,
    on_existing: onExisting,
  });
  if (error) throw error;
  const row = data?.[0];
  if (!row) throw new Error('The recipe was not saved.');
  return { outcome: row.outcome as ImportOutcome, recipeId: row.recipe_id };
}
