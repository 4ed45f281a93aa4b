import type { Tables } from '../../../supabase/database.types.ts';
import { supabase } from './supabase.ts';

/** An ingredient or a measurement: the two reference tables share these columns. */
export type Named = Pick<Tables<'ingredients'>, 'id' | 'name'>;

let ingredients: Promise<Named[]> | null = null;
let measurements: Promise<Named[]> | null = null;

async function names(table: 'ingredients' | 'measurements'): Promise<Named[]> {
  const { data, error } = await supabase.from(table).select('id, name').order('name');
  if (error) throw error;
  return data ?? [];
}

/** Ingredient and unit names change only with migrations, so one fetch per page load is enough. */
export function ingredientOptions(): Promise<Named[]> {
  ingredients ??= names('ingredients').catch((e: unknown) => {
    ingredients = null;
    throw e;
  });
  return ingredients;
}

export function measurementOptions(): Promise<Named[]> {
  measurements ??= names('measurements').catch((e: unknown) => {
    measurements = null;
    throw e;
  });
  return measurements;
}
