/** The Storage bucket of recipe photos (public-read; each author writes in their own folder). */
export const PHOTOS = 'recipe-photos';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Where a recipe's photo and thumbnail go in the bucket: the author's folder (the bucket's
 * policies), the recipe's folder (so deleting it finds them), a new name each time (so a
 * replaced photo is never served stale from a cache). recipes.photo_path checks the same form.
 */
export function photoPaths(
  userId: string,
  recipeId: string,
  type: string,
  stamp: string,
): { photo: string; thumb: string } {
  const ext = EXTENSIONS[type] ?? 'jpg';
  const folder = `${userId}/${recipeId}`;
  return { photo: `${folder}/photo-${stamp}.${ext}`, thumb: `${folder}/thumb-${stamp}.${ext}` };
}

/** The thumbnail stored beside a photo. */
export function thumbPathOf(photoPath: string): string {
  return photoPath.replace(/\/photo-([^/]+)$/, '/thumb-$1');
}

/** A short, URL-safe, increasing name part. */
export const photoStamp = (now = Date.now()): string => now.toString(36);
