import { canonicalUnit } from '../../../shared/units/unit-spellings.ts';
import type { Tables } from '../../../supabase/database.types.ts';
import { allRows } from './all-rows.ts';
import { supabase } from './supabase.ts';

/** An ingredient or a measurement: the two reference tables share these columns. */
export type Named = Pick<Tables<'ingredients'>, 'id' | 'name'>;

let ingredients: Promise<Named[]> | null = null;
let measurements: Promise<Named[]> | null = null;

async function names(table: 'ingredients' | 'measurements'): Promise<Named[]> {
  return allRows((from, to) =>
    supabase.from(table).select('id, name').order('name').order('id').range(from, to),
  );
}

/** Nutrition per 100 g and the optional weights of an ingredient a person adds (issue 20). */
export interface OwnIngredientInput {
  name: string;
  protein: number;
  carbs: number;
  fats: number;
  calories: number;
  grams_per_each: number | null;
  grams_per_ml: number | null;
  /** The pack it is bought in, in pack_unit (issue 20); null: none given. */
  pack_size?: number | null;
  pack_unit?: string | null;
  /** Where the shop keeps it (issue 25); null: "Other" on the list. */
  shop_category?: string | null;
}

/**
 * Adds an ingredient of the user's own (private to them; RLS) and forgets the cached list, so the
 * next read includes it.
 */
export async function addOwnIngredient(input: OwnIngredientInput): Promise<Named> {
  const { data, error } = await supabase
    .from('ingredients')
    .insert({ ...input, source: 'own' })
    .select('id, name')
    .single();
  if (error) throw error;
  ingredients = null;
  return data as Named;
}

/** Nutrition of an ingredient, to copy into an own one. */
export async function ingredientNutrition(
  id: number,
): Promise<{ protein: number; carbs: number; fats: number; calories: number }> {
  const { data, error } = await supabase
    .from('ingredients')
    .select('protein, carbs, fats, calories')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}

/** Built-in ingredients change only with migrations, own ones when added: one fetch until then. */
export function ingredientOptions(): Promise<Named[]> {
  ingredients ??= names('ingredients').catch((e: unknown) => {
    ingredients = null;
    throw e;
  });
  return ingredients;
}

/** The measurement a unit as the recipe importer names it ('cup', 'tbsp') is, found by its canonical name. */
export function measurementFor(units: readonly Named[], unit: string): Named | undefined {
  return units.find((u) => (canonicalUnit(u.name) ?? u.name) === unit);
}

export function measurementOptions(): Promise<Named[]> {
  measurements ??= names('measurements').catch((e: unknown) => {
    measurements = null;
    throw e;
  });
  return measurements;
}
