import { proxy, ref, useSnapshot } from 'valtio';
import type { Measures } from '../../../../shared/recipe-import/ingredient-line.ts';
import { describeError } from '../../lib/errors.ts';
import {
  addOwnIngredient,
  ingredientOptions,
  measurementOptions,
  type Named,
  type OwnIngredientInput,
} from '../../lib/reference-data.ts';
import { fetchPagePhoto, type ImportOutcome, previewImport, saveImported } from './api.ts';
import { lineChoices, type PreviewRecipe, type ReviewLine, reviewLines } from './review.ts';

interface ReviewRecipe {
  recipe: PreviewRecipe;
  lines: ReviewLine[];
}

/** One line of the report: what happened to each recipe, and why when it was not saved. */
export interface ReportLine {
  name: string;
  outcome: ImportOutcome | 'refused';
  recipeId: string | null;
  why: string | null;
}

/** What a re-import does with a recipe imported before (same source and id): update it, or leave it. */
export type OnExisting = 'update' | 'skip';

interface ImportState {
  measures: Measures;
  onExisting: OnExisting;
  status: 'idle' | 'reading' | 'review' | 'saving' | 'done';
  problem: string | null;
  recipes: ReviewRecipe[];
  ingredients: Named[];
  units: Named[];
  report: ReportLine[];
}

const fresh = (): ImportState => ({
  measures: 'au',
  onExisting: 'update',
  status: 'idle',
  problem: null,
  recipes: [],
  ingredients: ref([]),
  units: ref([]),
  report: [],
});

export const importer = proxy<ImportState>(fresh());

export function resetImport(): void {
  Object.assign(importer, fresh());
}

export function setMeasures(measures: Measures): void {
  importer.measures = measures;
}

export function setOnExisting(choice: OnExisting): void {
  importer.onExisting = choice;
}

/** Reads a page (by address or pasted source) into recipes to review. */
export async function readPage(source: { url: string } | { html: string }): Promise<void> {
  importer.status = 'reading';
  importer.problem = null;
  try {
    const [recipes, ingredients, units] = await Promise.all([
      previewImport(source, importer.measures),
      ingredientOptions(),
      measurementOptions(),
    ]);
    importer.ingredients = ref([...ingredients]);
    importer.units = ref([...units]);
    importer.recipes = recipes.map((recipe) => ({ recipe: ref(recipe), lines: reviewLines(recipe) }));
    importer.report = [];
    importer.status = 'review';
  } catch (error) {
    importer.problem = error instanceof Error ? error.message : describeError(error).message;
    importer.status = 'idle';
  }
}

function lineAt(r: number, l: number): ReviewLine | undefined {
  return importer.recipes[r]?.lines[l];
}

/** The person chose the ingredient themselves: sure, and no longer text. */
export function rematch(r: number, l: number, ingredient: Named | null): void {
  const line = lineAt(r, l);
  if (!line) return;
  line.ingredient = ingredient ? ref({ id: ingredient.id, name: ingredient.name }) : null;
  line.confidence = ingredient ? 1 : 0;
  line.asText = ingredient === null;
}

export function keepAsText(r: number, l: number, asText: boolean): void {
  const line = lineAt(r, l);
  if (line) line.asText = asText || line.ingredient === null;
}

/** Adds an ingredient of the person's own and matches the line to it. */
export async function ownIngredientFor(r: number, l: number, input: OwnIngredientInput): Promise<void> {
  const added = await addOwnIngredient(input);
  importer.ingredients = ref([...importer.ingredients, added]);
  rematch(r, l, added);
}

/**
 * Saves every recipe on screen, each whole or not at all: one refused (over a limit, or by the
 * database) is reported with why, and the rest still save. A re-import updates the earlier copy,
 * or leaves it as it was when the person chose to, and skips it when nothing in it changed. A
 * recipe saved for the first time takes the page's photo along.
 */
export async function saveAll(userId: string): Promise<void> {
  importer.status = 'saving';
  // The checks of what is saved load with the first save, not with the page.
  let importPayload: typeof import('../../../../shared/recipe-import/save.ts').importPayload;
  try {
    ({ importPayload } = await import('../../../../shared/recipe-import/save.ts'));
  } catch (error) {
    importer.problem = describeError(error).message;
    importer.status = 'review';
    return;
  }
  const report: ReportLine[] = [];
  for (const { recipe, lines } of importer.recipes) {
    const built = importPayload(recipe, 'web', lineChoices(lines, importer.units));
    if (!built.ok) {
      report.push({ name: recipe.name, outcome: 'refused', recipeId: null, why: built.problems.join(' ') });
      continue;
    }
    try {
      const saved = await saveImported(built.payload, importer.onExisting);
      const image = recipe.image;
      // Like an export's, a page's photo comes along when the recipe is first imported.
      const why =
        image && saved.outcome === 'imported'
          ? await import('./attach-photo.ts').then(({ attachPhoto }) =>
              attachPhoto(userId, saved.recipeId, () => fetchPagePhoto(image)),
            )
          : saved.why;
      report.push({ name: recipe.name, ...saved, why });
    } catch (error) {
      report.push({
        name: recipe.name,
        outcome: 'refused',
        recipeId: null,
        why: `"${recipe.name}": ${describeError(error).message}`,
      });
    }
  }
  importer.report = report;
  importer.status = 'done';
}

export function useImporter(): Readonly<ImportState> {
  // The snapshot is deeply readonly; components only read it and change it through the actions.
  return useSnapshot(importer) as Readonly<ImportState>;
}
