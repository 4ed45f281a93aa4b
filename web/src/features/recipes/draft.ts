import {
  descriptionField,
  durationText,
  lineNoteField,
  lineQuantityText,
  portionsText,
  readField,
  recipeNameField,
  stepsText,
  tagsText,
} from '../../../../shared/limits/fields.ts';
import { normalizeName } from '../../../../shared/limits/normalize-name.ts';
import { parseIngredientLine } from '../../../../shared/recipe-import/ingredient-line.ts';
import { MEAL_SLOTS } from '../../../../shared/recipes/meal-slots.ts';
import { preferredUnits } from '../../../../shared/units/preferred-units.ts';
import { measurementFor, type Named } from '../../lib/reference-data.ts';
import type { Recipe, RecipeInput } from './api.ts';

/** One ingredient line as typed. `unit` '' is grams (no measurement, spec 5). */
export interface LineDraft {
  key: number;
  ingredient: string;
  quantity: string;
  unit: string;
  note: string;
  /** The person chose the unit (or the recipe had one): picking an ingredient leaves it alone. */
  unitChosen: boolean;
}

/** A recipe as typed, every field text, so what was typed survives any error. */
export interface RecipeDraft {
  name: string;
  portions: string;
  duration: string;
  description: string;
  steps: string;
  /** Comma-separated. */
  tags: string;
  /** The meal it is for (a MealSlot), or '' for any. */
  mealType: string;
  lines: LineDraft[];
  /** An import's lines kept as text (recipes.text_lines), until matched or removed here. */
  textLines: string[];
}

export type DraftField = 'name' | 'portions' | 'duration' | 'description' | 'steps' | 'tags';
export type LinePart = 'ingredient' | 'quantity' | 'note';
/** Messages by field name, or `line-<key>-<part>` for an ingredient line. */
export type DraftErrors = Record<string, string>;

export const lineErrorKey = (key: number, part: LinePart): string => `line-${key}-${part}`;

let nextKey = 1;
export const emptyLine = (): LineDraft => ({
  key: nextKey++,
  ingredient: '',
  quantity: '',
  unit: '',
  note: '',
  unitChosen: false,
});

export function toDraft(recipe: Recipe | undefined): RecipeDraft {
  const lines = [...(recipe?.recipe_ingredients ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      key: nextKey++,
      ingredient: l.ingredients?.name ?? '',
      quantity: l.quantity ?? '',
      unit: l.measurements?.name ?? '',
      note: l.note ?? '',
      unitChosen: true,
    }));
  return {
    name: recipe?.name ?? '',
    portions: String(recipe?.portions ?? 2),
    duration: recipe?.duration == null ? '' : String(recipe.duration),
    description: recipe?.description ?? '',
    steps: (recipe?.steps ?? []).join('\n'),
    tags: (recipe?.tags ?? []).join(', '),
    mealType: recipe?.meal_type ?? '',
    lines: lines.length > 0 ? lines : [emptyLine()],
    textLines: [...(recipe?.text_lines ?? [])],
  };
}

const FIELDS = {
  name: recipeNameField,
  portions: portionsText,
  duration: durationText,
  description: descriptionField,
  steps: stepsText,
  tags: tagsText,
} as const;

/** The message for one field of the recipe, or null when it can be saved as typed. */
export function checkField(draft: RecipeDraft, field: DraftField): string | null {
  const read = readField(FIELDS[field], draft[field]);
  return read.ok ? null : read.message;
}

export const unknownIngredient = (typed: string): string =>
  `“${normalizeName(typed)}” is not an ingredient Larder knows. Pick one from the list, or add it as your own.`;
export const MISSING_INGREDIENT = 'Pick the ingredient this quantity is for, or remove the line.';

/** The known ingredient a line names (case and spacing ignored), if any. */
export function findIngredient(typed: string, ingredients: readonly Named[]): Named | undefined {
  const wanted = normalizeName(typed).toLowerCase();
  return wanted ? ingredients.find((i) => i.name.toLowerCase() === wanted) : undefined;
}

/**
 * The message for one part of a line, or null. An empty line is left out on save; a quantity
 * without an ingredient is not dropped unseen.
 */
export function checkLine(line: LineDraft, part: LinePart, ingredients: readonly Named[]): string | null {
  if (part === 'ingredient') {
    if (!line.ingredient.trim()) return line.quantity.trim() ? MISSING_INGREDIENT : null;
    return findIngredient(line.ingredient, ingredients) ? null : unknownIngredient(line.ingredient);
  }
  const read = readField(part === 'quantity' ? lineQuantityText : lineNoteField, line[part]);
  return read.ok ? null : read.message;
}

/**
 * A line kept as text, as an ingredient line to finish: its amount, unit and note as the importer
 * reads them, and the ingredient it names when Larder knows it by that name (else the name as
 * written, which the form then asks to be picked or added as the person's own). An amount in a
 * unit Larder has no measurement for goes into the note rather than being read as grams.
 */
export function lineFromText(
  text: string,
  ingredients: readonly Named[],
  units: readonly Named[],
): LineDraft {
  const parsed = parseIngredientLine(text);
  const known = findIngredient(parsed.name, ingredients);
  const named = parsed.unit === null || parsed.unit === 'g' ? null : parsed.unit;
  const unit = named === null ? '' : measurementFor(units, named)?.name;
  const amount = parsed.quantity === 'to taste' ? null : parsed.quantity;
  const notes = [
    parsed.quantity === 'to taste' ? 'to taste' : null,
    unit === undefined && amount !== null ? `${amount} ${parsed.unit}` : null,
    parsed.note,
  ];
  return {
    ...emptyLine(),
    ingredient: known?.name ?? parsed.name,
    quantity: unit === undefined ? '' : (amount ?? ''),
    unit: unit ?? '',
    note: notes.filter(Boolean).join(', '),
    unitChosen: named !== null && unit !== undefined,
  };
}

/**
 * The unit to preselect when an ingredient is picked: the first of shared's preferred display
 * units (spec 9: eggs by the piece, milk by the cup, oil by the tablespoon), except that dry goods
 * listed by the cup first (flour, sugar, rice, oats) are weighed when grams are among their
 * units: a cup of flour varies by a third with how it is packed, grams do not. '' is grams.
 */
export function defaultUnit(ingredient: string, units: readonly Named[]): string {
  const preferred = preferredUnits(ingredient);
  const first = preferred[0] === 'cup' && preferred.includes('g') ? 'g' : preferred[0];
  if (!first || first === 'g') return '';
  return units.some((u) => u.name === first) ? first : '';
}

export type DraftReading = { ok: true; input: RecipeInput } | { ok: false; errors: DraftErrors };

/** Reads the whole draft as the database will store it, or every message at once. */
export function readDraft(
  draft: RecipeDraft,
  ingredients: readonly Named[],
  units: readonly Named[],
): DraftReading {
  const errors: DraftErrors = {};
  const read = <F extends Parameters<typeof readField>[0]>(key: string, field: F, text: string) => {
    const result = readField(field, text);
    if (result.ok) return result.value;
    errors[key] = result.message;
    return null;
  };
  const unitId = new Map(units.map((u) => [u.name, u.id]));
  const name = read('name', recipeNameField, draft.name);
  const portions = read('portions', portionsText, draft.portions);
  const duration = read('duration', durationText, draft.duration);
  const description = read('description', descriptionField, draft.description);
  const steps = read('steps', stepsText, draft.steps);
  const tags = read('tags', tagsText, draft.tags);
  for (const l of draft.lines) {
    if (!l.ingredient.trim() && l.quantity.trim())
      errors[lineErrorKey(l.key, 'ingredient')] = MISSING_INGREDIENT;
  }
  const lines = draft.lines
    .filter((l) => l.ingredient.trim())
    .map((l) => {
      const ingredient = findIngredient(l.ingredient, ingredients);
      if (!ingredient) errors[lineErrorKey(l.key, 'ingredient')] = unknownIngredient(l.ingredient);
      return {
        ingredient_id: ingredient?.id ?? 0,
        quantity: read(lineErrorKey(l.key, 'quantity'), lineQuantityText, l.quantity),
        measurement_id: l.unit ? (unitId.get(l.unit) ?? null) : null,
        note: read(lineErrorKey(l.key, 'note'), lineNoteField, l.note),
      };
    });
  if (Object.keys(errors).length > 0 || name === null || steps === null || tags === null)
    return { ok: false, errors };
  const mealType = MEAL_SLOTS.find((slot) => slot === draft.mealType) ?? null;
  return {
    ok: true,
    input: {
      name,
      portions,
      duration,
      description,
      steps,
      tags,
      meal_type: mealType,
      lines,
      text_lines: draft.textLines,
    },
  };
}
