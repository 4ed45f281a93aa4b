import { supabase } from '../../lib/supabase.ts';
import { removeRecipePhotoFiles } from './api.ts';
import { PHOTOS, photoPaths, photoStamp } from './photo-paths.ts';
import type { PreparedPhoto } from './photo-resize.ts';

// The editor's and the importer's: apart from the recipe reads, so a page that only shows
// recipes does not load them.

/**
 * Stores a recipe's photo and thumbnail, points the recipe at them, then removes the files of
 * the photo it replaces. The row changes only once both files are saved, so a failed upload
 * leaves the old photo showing.
 */
export async function uploadRecipePhoto(
  userId: string,
  recipeId: string,
  photo: PreparedPhoto,
  stamp = photoStamp(),
): Promise<string> {
  const paths = photoPaths(userId, recipeId, photo.type, stamp);
  const bucket = supabase.storage.from(PHOTOS);
  const options = { contentType: photo.type, cacheControl: '31536000', upsert: false };
  const thumb = await bucket.upload(paths.thumb, photo.thumb, options);
  if (thumb.error) throw thumb.error;
  const full = await bucket.upload(paths.photo, photo.photo, options);
  if (full.error) {
    await bucket.remove([paths.thumb]);
    throw full.error;
  }
  const { error } = await supabase.from('recipes').update({ photo_path: paths.photo }).eq('id', recipeId);
  if (error) {
    await bucket.remove([paths.photo, paths.thumb]);
    throw error;
  }
  await removeRecipePhotoFiles(userId, recipeId, [paths.photo, paths.thumb]);
  return paths.photo;
}

/** Takes the photo off the recipe, then removes its files. */
export async function clearRecipePhoto(userId: string, recipeId: string): Promise<void> {
  const { error } = await supabase.from('recipes').update({ photo_path: null }).eq('id', recipeId);
  if (error) throw error;
  await removeRecipePhotoFiles(userId, recipeId);
}
