import type { Tables } from '../../../../supabase/database.types.ts';
import { supabase } from '../../lib/supabase.ts';

/** A favourite as realtime sends it. */
export type FavouriteRow = Pick<Tables<'favourites'>, 'user_id' | 'recipe_id'>;

export async function listFavouriteIds(userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('favourites').select('recipe_id').eq('user_id', userId);
  if (error) throw error;
  return (data ?? []).map((r) => String(r.recipe_id));
}

export async function addFavourite(userId: string, recipeId: string): Promise<void> {
  const { error } = await supabase
    .from('favourites')
    .upsert({ user_id: userId, recipe_id: recipeId }, { onConflict: 'user_id,recipe_id' });
  if (error) throw error;
}

export async function removeFavourite(userId: string, recipeId: string): Promise<void> {
  const { error } = await supabase
    .from('favourites')
    .delete()
    .eq('user_id', userId)
    .eq('recipe_id', recipeId);
  if (error) throw error;
}
