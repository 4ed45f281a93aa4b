import { LIMITS } from '../../../../shared/limits/limits.ts';
import { fitWithin, PHOTO_MESSAGES, PHOTO_SIDE, THUMB_SIDE } from './photo.ts';

/** A photo ready to upload: both sizes encoded in one type, and a preview address. */
export interface PreparedPhoto {
  type: string;
  photo: Blob;
  thumb: Blob;
  width: number;
  height: number;
}

const QUALITY = 0.85;

function encode(bitmap: ImageBitmap, side: number, type: string): Promise<Blob> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, side);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(PHOTO_MESSAGES.unreadable));
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(PHOTO_MESSAGES.unreadable))),
      type,
      QUALITY,
    ),
  );
}

/**
 * Reads a chosen file and makes the two sizes the app shows (at most 1600 px and 480 px), as
 * WebP where the browser can write it, else JPEG; a browser's own "canvas" writes PNG for a type
 * it cannot, so the type is taken from what came out. EXIF orientation is applied on reading.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(PHOTO_MESSAGES.unreadable);
  }
  try {
    let photo = await encode(bitmap, PHOTO_SIDE, 'image/webp');
    if (photo.type !== 'image/webp') photo = await encode(bitmap, PHOTO_SIDE, 'image/jpeg');
    const thumb = await encode(bitmap, THUMB_SIDE, photo.type);
    if (photo.size > LIMITS.recipePhoto.maxBytes) throw new Error(PHOTO_MESSAGES.stillTooBig);
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_SIDE);
    return { type: photo.type, photo, thumb, ...size };
  } finally {
    bitmap.close();
  }
}
