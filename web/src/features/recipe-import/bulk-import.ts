import {
  checkExportSize,
  ExportError,
  type ExportRecipe,
  grocyArchive,
  readExport,
} from '../../../../shared/recipe-import/exports.ts';
import { grocyRecipes, isSqlite } from '../../../../shared/recipe-import/grocy.ts';
import { parseIngredientLine } from '../../../../shared/recipe-import/ingredient-line.ts';
import { indexIngredients, matchIngredient } from '../../../../shared/recipe-import/match.ts';
import { importPayload } from '../../../../shared/recipe-import/save.ts';
import { describeError } from '../../lib/errors.ts';
import { ingredientOptions, measurementOptions, type Named } from '../../lib/reference-data.ts';
import { saveImported } from './api.ts';
import { attachPhoto } from './attach-photo.ts';
import type { BulkState } from './bulk.ts';
import { lineChoices, reviewLines } from './review.ts';
import { importer, type ReportLine } from './store.ts';

/**
 * The work of importFile (bulk.ts), loaded when a file is chosen: reads the file, then saves its
 * recipes one at a time into `progress`, until they are done or `cancelled()` says to stop.
 */
export async function importExportFile(
  userId: string,
  file: File,
  progress: BulkState,
  cancelled: () => boolean,
): Promise<void> {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    checkExportSize(file.name, bytes);
    // Grocy has no export, only its database (alone, or its data folder zipped with the
    // recipes' pictures); SQLite's reader loads only for such a file.
    const grocy = isSqlite(bytes) ? { db: bytes, pictures: new Map() } : grocyArchive(file.name, bytes);
    progress.fromGrocy = grocy !== null;
    const recipes = grocy
      ? grocyRecipes(
          await (await import('../../lib/grocy-db.ts')).readGrocyTables(file.name, grocy.db),
          grocy.pictures,
        )
      : readExport(file.name, bytes);
    if (recipes.length === 0) throw new ExportError(`${file.name} has no recipes Larder can read.`);
    const [ingredients, units] = await Promise.all([ingredientOptions(), measurementOptions()]);
    const index = indexIngredients(ingredients);
    progress.total = recipes.length;
    for (const item of recipes) {
      if (cancelled()) {
        progress.cancelled = true;
        break;
      }
      progress.report.push(await importOne(userId, item, index, units));
      progress.done++;
    }
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    progress.problem = error.message;
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
    const why =
      photo && saved.outcome === 'imported'
        ? await attachPhoto(
            userId,
            saved.recipeId,
            async () => new Blob([photo.bytes as BlobPart], { type: photo.type }),
          )
        : saved.why;
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
