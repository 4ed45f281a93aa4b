import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/limits/limits.ts';
import { checkPhotoFile, fitWithin, PHOTO_MESSAGES } from './photo.ts';
import { photoPaths, thumbPathOf } from './photo-paths.ts';
import { placeholderArt } from './placeholder.ts';

describe('recipe photos', () => {
  it('takes the bucket’s image types and refuses others with a clear message', () => {
    for (const type of LIMITS.recipePhoto.mimeTypes) expect(checkPhotoFile({ type, size: 1000 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/gif', size: 1000 })).toBe(PHOTO_MESSAGES.type);
    expect(checkPhotoFile({ type: 'text/plain', size: 10 })).toBe(PHOTO_MESSAGES.type);
    expect(checkPhotoFile({ type: '', size: 10 })).toBe(PHOTO_MESSAGES.type);
  });

  it('reads a large phone photo (it is made smaller) but not an enormous file', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 12 * 1024 * 1024 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/jpeg', size: 26 * 1024 * 1024 })).toBe(PHOTO_MESSAGES.tooBig);
  });

  it('scales down to fit, keeping the shape, and never up', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 480)).toEqual({ width: 360, height: 480 });
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(0, 0, 480)).toEqual({ width: 1, height: 1 });
  });

  it('stores both sizes in the author’s folder under the recipe, within the column’s limit', () => {
    const user = '5f0c1d2e-0000-4000-8000-000000000001';
    const recipe = '5f0c1d2e-0000-4000-8000-000000000002';
    const paths = photoPaths(user, recipe, 'image/webp', 'mf3k2a');
    expect(paths).toEqual({
      photo: `${user}/${recipe}/photo-mf3k2a.webp`,
      thumb: `${user}/${recipe}/thumb-mf3k2a.webp`,
    });
    expect(thumbPathOf(paths.photo)).toBe(paths.thumb);
    expect(paths.photo.length).toBeLessThanOrEqual(LIMITS.recipePhotoPath.max);
    expect(photoPaths(user, recipe, 'image/jpeg', 'a').photo).toMatch(/photo-a\.jpg$/);
  });
});

describe('placeholder art', () => {
  it('draws the same picture for the same name, and a different one for another', () => {
    expect(placeholderArt('Pumpkin soup', 'lunch')).toEqual(placeholderArt('Pumpkin soup', 'lunch'));
    expect(placeholderArt('Pumpkin soup', 'lunch').dots).not.toEqual(
      placeholderArt('Pea soup', 'lunch').dots,
    );
  });

  it('takes its colours from the meal type and its letter from the name', () => {
    const breakfast = placeholderArt('omelette', 'breakfast');
    const dinner = placeholderArt('omelette', 'dinner');
    expect(breakfast.background).not.toBe(dinner.background);
    expect(breakfast.initial).toBe('O');
    expect(placeholderArt('  ', null).initial).toBe('?');
    for (const d of breakfast.dots) {
      expect(d.r).toBeGreaterThan(0);
      expect(d.fill).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
