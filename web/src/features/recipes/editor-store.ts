import { proxy, ref, useSnapshot } from 'valtio';
import { FIELD_MESSAGES } from '../../../../shared/limits/messages.ts';
import { describeError, type Problem } from '../../lib/errors.ts';
import {
  addOwnIngredient,
  ingredientOptions,
  measurementOptions,
  type Named,
  type OwnIngredientInput,
} from '../../lib/reference-data.ts';
import type { Recipe } from './api.ts';
import {
  checkField,
  checkLine,
  type DraftErrors,
  type DraftField,
  defaultUnit,
  emptyLine,
  findIngredient,
  type LineDraft,
  type LinePart,
  lineErrorKey,
  lineFromText,
  type RecipeDraft,
  readDraft,
  toDraft,
} from './draft.ts';
import { checkPhotoFile, PHOTO_MESSAGES } from './photo.ts';
import { type PreparedPhoto, preparePhoto } from './photo-resize.ts';
import { clearRecipePhoto, uploadRecipePhoto } from './photo-upload.ts';
import { loadRecipes, saveRecipe } from './store.ts';

/** The photo as chosen on the form; saved with the recipe. */
interface PhotoDraft {
  /** The recipe's stored photo, until it is replaced or removed. */
  current: string | null;
  chosen: PreparedPhoto | null;
  /** An object URL of the chosen photo, for the preview. */
  preview: string | null;
  remove: boolean;
  reading: boolean;
  message: string | null;
}

const noPhoto = (current: string | null = null): PhotoDraft => ({
  current,
  chosen: null,
  preview: null,
  remove: false,
  reading: false,
  message: null,
});

interface EditorState {
  /** The recipe being edited, null for a new one; the draft belongs to it. */
  recipeId: string | null;
  draft: RecipeDraft | null;
  /** Messages shown next to their fields (see DraftErrors for the keys). */
  errors: DraftErrors;
  saving: boolean;
  /** Why the last save failed, with Retry when it may help. */
  problem: Problem | null;
  ingredients: readonly Named[];
  units: readonly Named[];
  optionsLoaded: boolean;
  /** Why the ingredient and unit lists could not be loaded. */
  optionsProblem: Problem | null;
  photo: PhotoDraft;
}

export const editor = proxy<EditorState>({
  recipeId: null,
  draft: null,
  errors: {},
  saving: false,
  problem: null,
  ingredients: ref([]),
  units: ref([]),
  optionsLoaded: false,
  optionsProblem: null,
  photo: noPhoto(),
});

function setPhoto(next: PhotoDraft): void {
  if (editor.photo.preview && editor.photo.preview !== next.preview)
    URL.revokeObjectURL(editor.photo.preview);
  editor.photo = { ...next, chosen: next.chosen ? ref(next.chosen) : null };
}

/** Reads a chosen file (type and size first), resized in the browser; shown until saved. */
export async function choosePhoto(file: File): Promise<void> {
  const problem = checkPhotoFile(file);
  if (problem) {
    editor.photo.message = problem;
    return;
  }
  editor.photo.reading = true;
  editor.photo.message = null;
  try {
    const chosen = await preparePhoto(file);
    setPhoto({
      ...editor.photo,
      chosen,
      preview: URL.createObjectURL(chosen.thumb),
      remove: false,
      reading: false,
    });
  } catch (error) {
    editor.photo.reading = false;
    editor.photo.message = error instanceof Error ? error.message : PHOTO_MESSAGES.unreadable;
  }
}

/** Drops the chosen photo, or marks the stored one for removal on save. */
export function dropPhoto(): void {
  setPhoto({ ...noPhoto(editor.photo.current), remove: editor.photo.current !== null });
}

async function savePhoto(userId: string, recipeId: string): Promise<void> {
  const { chosen, remove, current } = editor.photo;
  if (chosen) await uploadRecipePhoto(userId, recipeId, chosen);
  else if (remove && current) await clearRecipePhoto(userId, recipeId);
  else return;
  setPhoto(noPhoto());
  await loadRecipes();
}

export function setEditorOptions(ingredients: readonly Named[], units: readonly Named[]): void {
  editor.ingredients = ref([...ingredients]);
  editor.units = ref([...units]);
  editor.optionsLoaded = true;
  editor.optionsProblem = null;
}

/** The ingredients and units a line can name (reference data, fetched once a page load). */
export async function loadEditorOptions(): Promise<void> {
  editor.optionsProblem = null;
  try {
    const [ingredients, units] = await Promise.all([ingredientOptions(), measurementOptions()]);
    setEditorOptions(ingredients, units);
  } catch (error) {
    console.error('loading ingredients failed', error);
    editor.optionsProblem = describeError(error);
  }
}

/** Starts a draft of `recipe` (or an empty one), unless one of the same recipe is open already. */
export function openEditor(id: string | null, recipe: Recipe | undefined, fresh = false): void {
  if (!fresh && editor.draft && editor.recipeId === id) return;
  editor.recipeId = id;
  editor.draft = toDraft(recipe);
  setPhoto(noPhoto(recipe?.photo_path ?? null));
  editor.errors = {};
  editor.problem = null;
  editor.saving = false;
}

export function closeEditor(): void {
  setPhoto(noPhoto());
  editor.draft = null;
  editor.recipeId = null;
}

/**
 * Shows `message` under `key`, or clears it. While typing (`eager` false) a message that was not
 * showing waits for the field to be left, so a half-typed '1 1/' is not scolded, but a fixed
 * field clears at once and an over-long one is said at once.
 */
function settle(key: string, message: string | null, eager: boolean): void {
  if (!message) {
    delete editor.errors[key];
    return;
  }
  if (eager || key in editor.errors) editor.errors[key] = message;
}

const LIMIT_MESSAGES: ReadonlySet<string> = new Set([
  FIELD_MESSAGES.recipeNameLong,
  FIELD_MESSAGES.description,
  FIELD_MESSAGES.steps,
  FIELD_MESSAGES.tags,
  FIELD_MESSAGES.lineNote,
]);
const tooLong = (message: string | null) => message !== null && LIMIT_MESSAGES.has(message);

export function editField(field: DraftField, value: string): void {
  if (!editor.draft) return;
  editor.draft[field] = value;
  const message = checkField(editor.draft, field);
  settle(field, message, tooLong(message));
}

/** The meal the recipe is for: one of the planner's slots, or '' for any (nothing to check). */
export function setMealType(value: string): void {
  if (editor.draft) editor.draft.mealType = value;
}

export function leaveField(field: DraftField): void {
  if (editor.draft) settle(field, checkField(editor.draft, field), true);
}

function lineOf(key: number): LineDraft | undefined {
  return editor.draft?.lines.find((l) => l.key === key);
}

export function editLine(key: number, part: LinePart | 'unit', value: string): void {
  const line = lineOf(key);
  if (!line) return;
  if (part === 'unit') {
    line.unit = value;
    line.unitChosen = true;
    return;
  }
  line[part] = value;
  // Picking an ingredient preselects the unit it is usually measured in (eggs by the piece).
  const known = part === 'ingredient' ? findIngredient(value, editor.ingredients) : undefined;
  if (known && !line.unitChosen) line.unit = defaultUnit(known.name, editor.units);
  const message = checkLine(line, part, editor.ingredients);
  settle(lineErrorKey(key, part), message, tooLong(message));
}

export function leaveLine(key: number, part: LinePart): void {
  const line = lineOf(key);
  if (line) settle(lineErrorKey(key, part), checkLine(line, part, editor.ingredients), true);
}

/** Adds an ingredient of the user's own and puts it on the line that asked for it. */
export async function addIngredientForLine(key: number, input: OwnIngredientInput): Promise<void> {
  const added = await addOwnIngredient(input);
  setEditorOptions(await ingredientOptions(), editor.units);
  editLine(key, 'ingredient', added.name);
  leaveLine(key, 'ingredient');
}

export function addLine(): void {
  editor.draft?.lines.push(emptyLine());
}

/** Turns a line kept as text into an ingredient line to finish (see lineFromText). */
export function matchTextLine(index: number): void {
  const draft = editor.draft;
  const text = draft?.textLines[index];
  if (!draft || text === undefined) return;
  draft.textLines.splice(index, 1);
  const line = lineFromText(text, editor.ingredients, editor.units);
  // The empty line a recipe without lines starts with is replaced, not kept above it.
  const blank =
    draft.lines.length === 1 && !draft.lines[0]?.ingredient.trim() && !draft.lines[0]?.quantity.trim();
  draft.lines = blank ? [line] : [...draft.lines, line];
  leaveLine(line.key, 'ingredient');
}

export function removeTextLine(index: number): void {
  editor.draft?.textLines.splice(index, 1);
}

export function removeLine(key: number): void {
  if (!editor.draft) return;
  editor.draft.lines = editor.draft.lines.filter((l) => l.key !== key);
  for (const part of ['ingredient', 'quantity', 'note'] as const)
    delete editor.errors[lineErrorKey(key, part)];
}

/**
 * Checks every field, then saves. Returns the saved recipe's id, or null when a field needs
 * fixing or the save failed; either way the draft keeps everything that was typed.
 */
export async function submitEditor(userId: string): Promise<string | null> {
  const draft = editor.draft;
  if (!draft || editor.saving) return null;
  const reading = readDraft(draft, editor.ingredients, editor.units);
  if (!reading.ok) {
    editor.errors = reading.errors;
    editor.problem = null;
    return null;
  }
  editor.errors = {};
  editor.problem = null;
  editor.saving = true;
  let saved: string | null = null;
  try {
    saved = await saveRecipe(userId, editor.recipeId, reading.input);
    // A new recipe is saved now: saving again (say after a failed photo) updates it.
    editor.recipeId = saved;
    await savePhoto(userId, saved);
    return saved;
  } catch (error) {
    if (saved) {
      console.error('saving the photo failed', error);
      editor.problem = {
        message: `The recipe was saved, but not its photo. ${PHOTO_MESSAGES.upload}`,
        retry: true,
        reasons: [],
      };
      return null;
    }
    console.error('saving the recipe failed', error);
    editor.problem = describeError(error);
    return null;
  } finally {
    editor.saving = false;
  }
}

/** Synchronous snapshots: the draft feeds text inputs, where an async one would move the caret. */
export function useEditor(): Readonly<EditorState> {
  return useSnapshot(editor, { sync: true }) as Readonly<EditorState>;
}
