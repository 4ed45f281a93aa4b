import { LIMITS } from '../../../../shared/limits/limits.ts';

/** The largest side of the stored photo (the detail page) and of its thumbnail (cards), in pixels. */
export const PHOTO_SIDE = 1600;
export const THUMB_SIDE = 480;
/** Files above this are not even decoded: a phone's photo is 2–12 MB, and resizing makes it fit 5 MB. */
const LARGEST_READABLE_BYTES = 25 * 1024 * 1024;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const PHOTO_MESSAGES = {
  type: 'Choose a JPEG, PNG or WebP photo.',
  tooBig: `That photo is too large to read. Choose one under ${megabytes(LARGEST_READABLE_BYTES)} MB.`,
  stillTooBig: `The photo is still over ${megabytes(LIMITS.recipePhoto.maxBytes)} MB after resizing. Choose a smaller one.`,
  unreadable: 'That file could not be read as a photo. Choose another.',
  upload: 'The photo could not be saved. Please try again.',
} as const;

const ALLOWED: readonly string[] = LIMITS.recipePhoto.mimeTypes;

/** What is wrong with a chosen file before it is read (type, then size), or null. */
export function checkPhotoFile(file: { type: string; size: number }): string | null {
  if (!ALLOWED.includes(file.type)) return PHOTO_MESSAGES.type;
  if (file.size > LARGEST_READABLE_BYTES) return PHOTO_MESSAGES.tooBig;
  return null;
}

/** The size of a `width` × `height` picture scaled down (never up) to fit `side` × `side`. */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
