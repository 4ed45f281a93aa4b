import { supabase } from './supabase.ts';

export interface Named {
  id: number;
  name: string;
}

let ingredients: Promise<Named[]> | null = null;
let measurements: Promise<Named[]> | null = null;

async function names(table: 'ingredients' | 'measurements'): Promise<Named[]> {
  const { data, error } = await supabase.from(table).select('id, name').order('name');
  if (error) throw error;
  return (data ?? []) as Named[];
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
