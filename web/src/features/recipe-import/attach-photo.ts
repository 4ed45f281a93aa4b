import { preparePhoto } from '../recipes/photo-resize.ts';
import { uploadRecipePhoto } from '../recipes/photo-upload.ts';

/**
 * Stores the photo that came with a newly imported recipe, scaled as a chosen photo is; the
 * recipe is saved either way, so a photo that cannot be fetched, read or stored only costs the
 * report a word: the reason, or null when the photo is on the recipe.
 */
export async function attachPhoto(
  userId: string,
  recipeId: string,
  photo: () => Promise<Blob>,
): Promise<string | null> {
  try {
    await uploadRecipePhoto(userId, recipeId, await preparePhoto(await photo()));
    return null;
  } catch {
    return 'saved without its photo, which could not be fetched, read or stored';
  }
}
