import type {
  ChainKey,
  ChainTotals,
  IngredientPriceRecord,
  RecipePrice as SharedRecipePrice,
} from '../../../../shared/pricing/types.ts';
import { PRICE_RECORD_SELECT } from '../../../../shared/pricing/types.ts';
import type { LineRow } from '../../../../shared/recipe-import/save.ts';
import type { MealSlot } from '../../../../shared/recipes/meal-slots.ts';
import type { Tables } from '../../../../supabase/database.types.ts';
import { allRows } from '../../lib/all-rows.ts';
import { functionErrorMessage } from '../../lib/function-error.ts';
import { supabase } from '../../lib/supabase.ts';
import { PHOTOS } from './photo-paths.ts';

/** An ingredient line as LINE_COLUMNS selects it: its unit's name and its ingredient's nutrition. */
export type IngredientLine = Pick<
  Tables<'recipe_ingredients'>,
  'id' | 'ingredient_id' | 'quantity' | 'position' | 'note'
> & {
  measurements: Pick<Tables<'measurements'>, 'name'> | null;
  ingredients:
    | (Pick<Tables<'ingredients'>, 'id' | 'name' | 'protein' | 'carbs' | 'fats' | 'calories'> &
        /** An own ingredient's weights (issue 20). */
        Partial<Pick<Tables<'ingredients'>, 'grams_per_each' | 'grams_per_ml'>>)
    | null;
};

/** A recipe as RECIPE_COLUMNS selects it, with its lines. */
export type Recipe = Omit<Tables<'recipes'>, 'created_at' | 'updated_at'> & {
  recipe_ingredients: IngredientLine[];
};

export type PriceRecord = IngredientPriceRecord &
  Pick<Tables<'ingredient_prices'>, 'ingredient_id' | 'is_sample'>;

export type Chain = ChainKey;
export type ChainPrice = ChainTotals;

/** The price-recipe function's answer (CONTRACTS 4), with its per-line breakdown. */
export type RecipePrice = Omit<SharedRecipePrice, 'lines' | 'chains'> & {
  recipe_id?: string;
  chains: Partial<Record<Chain, ChainPrice>>;
  lines?: SharedRecipePrice['lines'];
};

const LINE_COLUMNS =
  'id, ingredient_id, quantity, position, note, measurements(name), ingredients(id, name, protein, carbs, fats, calories, grams_per_each, grams_per_ml)';
const RECIPE_COLUMNS = `id, name, user_id, household_id, is_default, portions, duration, description, steps, meal_type, tags, photo_path, source_url, source_author, import_source, import_source_id, text_lines, recipe_ingredients(${LINE_COLUMNS})`;

/**
 * Spec 6/7: the user's own recipes plus the defaults, with their ingredient lines, and (issue 17)
 * those a household member shared: row-level security decides which, so no filter repeats it.
 */
export async function listRecipes(): Promise<Recipe[]> {
  return allRows((from, to) =>
    supabase.from('recipes').select(RECIPE_COLUMNS).order('name').order('id').range(from, to),
  );
}

export async function listPriceRecords(): Promise<PriceRecord[]> {
  return allRows((from, to) =>
    supabase
      .from('ingredient_prices')
      .select(`${PRICE_RECORD_SELECT}, is_sample`)
      .order('ingredient_id')
      .range(from, to),
  );
}

/** Prices the recipe for its own portions; the app scales the result for other portion counts. */
export async function priceRecipeRemote(recipeId: string): Promise<RecipePrice> {
  const { data, error } = await supabase.functions.invoke<RecipePrice>('price-recipe', {
    body: { recipe_id: recipeId },
  });
  if (error) throw new Error(await functionErrorMessage(error, 'Prices are unavailable right now.'));
  if (!data) throw new Error('Prices are unavailable right now.');
  return data;
}

export interface RecipeInput {
  name: string;
  portions: number | null;
  duration: number | null;
  description: string | null;
  steps: string[];
  tags: string[];
  /** The meal it is for: the planner offers it first there. */
  meal_type: MealSlot | null;
  lines: LineRow[];
  /** An import's lines kept as text, less those matched or removed in the editor. */
  text_lines: string[];
}

/**
 * Replaces a recipe's lines without ever leaving it with none: the new lines go in first, and the
 * old ones are deleted only once they are saved, so a refused line loses nothing.
 */
async function writeLines(recipeId: string, lines: RecipeInput['lines']): Promise<void> {
  let kept: string[] = [];
  if (lines.length > 0) {
    const ins = await supabase
      .from('recipe_ingredients')
      .insert(lines.map((l, position) => ({ ...l, recipe_id: recipeId, position })))
      .select('id');
    if (ins.error) throw ins.error;
    kept = (ins.data ?? []).map((row) => String(row.id));
  }
  let old = supabase.from('recipe_ingredients').delete().eq('recipe_id', recipeId);
  if (kept.length > 0) old = old.not('id', 'in', `(${kept.join(',')})`);
  const del = await old;
  if (del.error) throw del.error;
}

export async function createRecipe(userId: string, input: RecipeInput): Promise<string> {
  const { lines, ...fields } = input;
  const { data, error } = await supabase
    .from('recipes')
    .insert({ ...fields, user_id: userId, is_default: false })
    .select('id')
    .single();
  if (error) throw error;
  const id = String((data as { id: string }).id);
  try {
    await writeLines(id, lines);
  } catch (linesError) {
    // No half-saved recipe: the form still holds everything, and saving again starts afresh.
    await supabase.from('recipes').delete().eq('id', id);
    throw linesError;
  }
  return id;
}

export async function updateRecipe(id: string, input: RecipeInput): Promise<void> {
  const { lines, ...fields } = input;
  const { error } = await supabase.from('recipes').update(fields).eq('id', id);
  if (error) throw error;
  await writeLines(id, lines);
}

/** Shares an own recipe with a household its author belongs to (null: private again). */
export async function setRecipeHousehold(id: string, householdId: string | null): Promise<void> {
  const { error } = await supabase.from('recipes').update({ household_id: householdId }).eq('id', id);
  if (error) throw error;
}

/** The public address of a stored photo (the bucket is public-read; <img> sends no token). */
export function recipePhotoUrl(path: string): string {
  return supabase.storage.from(PHOTOS).getPublicUrl(path).data.publicUrl;
}

/** Removes every file in the recipe's photo folder except `keep`; a failure only leaves files behind. */
export async function removeRecipePhotoFiles(
  userId: string,
  recipeId: string,
  keep: readonly string[] = [],
): Promise<void> {
  const folder = `${userId}/${recipeId}`;
  const bucket = supabase.storage.from(PHOTOS);
  const { data, error } = await bucket.list(folder, { limit: 100 });
  if (error) throw error;
  const names = (data ?? []).map((f) => `${folder}/${f.name}`).filter((name) => !keep.includes(name));
  if (names.length === 0) return;
  const removed = await bucket.remove(names);
  if (removed.error) throw removed.error;
}

/** Deletes an own recipe and the files of its photo (the files first: the row is what finds them). */
export async function deleteRecipe(userId: string, id: string): Promise<void> {
  await removeRecipePhotoFiles(userId, id).catch((error: unknown) =>
    console.error('removing the recipe photo failed', error),
  );
  const { error } = await supabase.from('recipes').delete().eq('id', id);
  if (error) throw error;
}
