import { proxy, useSnapshot } from 'valtio';
import { ExportError, type ExportRecipe, readExport } from '../../../../shared/recipe-import/exports.ts';
import { parseIngredientLine } from '../../../../shared/recipe-import/ingredient-line.ts';
import { indexIngredients, matchIngredient } from '../../../../shared/recipe-import/match.ts';
import { importPayload } from '../../../../shared/recipe-import/save.ts';
import { describeError } from '../../lib/errors.ts';
import { ingredientOptions, measurementOptions, type Named } from '../../lib/reference-data.ts';
import { uploadRecipePhoto } from '../recipes/api.ts';
import { preparePhoto } from '../recipes/photo-resize.ts';
import { saveImported } from './api.ts';
import { lineChoices, reviewLines } from './review.ts';
import { importer, type ReportLine } from './store.ts';

interface BulkState {
  running: boolean;
  done: number;
  total: number;
  /** Cancel was pressed with recipes still to go: the report says how many were not started. */
  cancelled: boolean;
  problem: string | null;
  report: ReportLine[];
}

export const bulk = proxy<BulkState>({
  running: false,
  done: 0,
  total: 0,
  cancelled: false,
  problem: null,
  report: [],
});
let cancelled = false;

export function cancelBulk(): void {
  cancelled = true;
}

/**
 * Imports every recipe of an export file (read in the browser: see docs/decisions.md), one at a
 * time, each whole or not at all; lines are matched as the page import matches them, unsure or
 * unmatched ones kept as text. Cancel stops before the next recipe. Importing the same file again
 * updates the earlier copies (keyed by source and source id), or leaves them as they were when the
 * person chose to; a photo comes along on first import.
 */
export async function importFile(userId: string, file: File): Promise<void> {
  cancelled = false;
  Object.assign(bulk, { running: true, done: 0, total: 0, cancelled: false, problem: null, report: [] });
  try {
    const recipes = readExport(file.name, new Uint8Array(await file.arrayBuffer()));
    if (recipes.length === 0) throw new ExportError(`${file.name} has no recipes Larder can read.`);
    const [ingredients, units] = await Promise.all([ingredientOptions(), measurementOptions()]);
    const index = indexIngredients(ingredients);
    bulk.total = recipes.length;
    for (const item of recipes) {
      if (cancelled) {
        bulk.cancelled = true;
        break;
      }
      bulk.report.push(await importOne(userId, item, index, units));
      bulk.done++;
    }
  } catch (error) {
    bulk.problem = error instanceof ExportError ? error.message : describeError(error).message;
  } finally {
    bulk.running = false;
  }
}

async function importOne(
  userId: string,
  { recipe, source, photo }: ExportRecipe,
  index: ReturnType<typeof indexIngredients>,
  units: readonly Named[],
): Promise<ReportLine> {
  const lines = recipe.ingredients.map((text) => {
    const line = parseIngredientLine(text, importer.measures);
    return { ...line, match: line.unread ? null : matchIngredient(line.name, index) };
  });
  const built = importPayload(recipe, source, lineChoices(reviewLines({ ...recipe, lines }), units));
  if (!built.ok)
    return { name: recipe.name, outcome: 'refused', recipeId: null, why: built.problems.join(' ') };
  try {
    const saved = await saveImported(built.payload, importer.onExisting);
    let why = saved.why;
    if (photo && saved.outcome === 'imported') {
      why = await preparePhoto(new Blob([photo.bytes as BlobPart], { type: photo.type }))
        .then((prepared) => uploadRecipePhoto(userId, saved.recipeId, prepared))
        .then(() => null)
        .catch(() => 'saved without its photo, which could not be read or stored');
    }
    return { name: recipe.name, ...saved, why };
  } catch (error) {
    return {
      name: recipe.name,
      outcome: 'refused',
      recipeId: null,
      why: `"${recipe.name}": ${describeError(error).message}`,
    };
  }
}

export function useBulk(): Readonly<BulkState> {
  return useSnapshot(bulk) as Readonly<BulkState>;
}
