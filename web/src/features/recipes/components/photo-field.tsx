import { useId, useRef } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { choosePhoto, dropPhoto, useEditor } from '../editor-store.ts';
import { RecipeImage } from './recipe-image.tsx';

/** The recipe's photo on the editor: choose, see, replace or remove; saved with the recipe. */
export function PhotoField({ name }: { name: string }) {
  const { photo } = useEditor();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = photo.preview ?? null;
  const stored = !photo.remove && !photo.chosen ? photo.current : null;
  return (
    <fieldset className="photo-field">
      <legend>Photo</legend>
      <div className="photo-field-body">
        {shown ? (
          <div className="recipe-image thumb">
            <img src={shown} alt="Chosen for this recipe, not saved yet" />
          </div>
        ) : (
          <RecipeImage
            recipe={{ name: name || 'Recipe', meal_type: null, photo_path: stored }}
            size="thumb"
          />
        )}
        <div className="stack">
          <label htmlFor={id} className="button small">
            {shown || stored ? 'Choose another photo' : 'Choose a photo'}
          </label>
          <input
            ref={input}
            id={id}
            className="visually-hidden"
            type="file"
            accept={LIMITS.recipePhoto.mimeTypes.join(',')}
            aria-describedby={`${id}-note`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void choosePhoto(file);
              e.target.value = '';
            }}
          />
          {shown || stored ? (
            <button type="button" className="button small ghost" onClick={dropPhoto}>
              Remove photo
            </button>
          ) : null}
          <small
            id={`${id}-note`}
            className={photo.message ? 'field-error' : 'hint'}
            role={photo.message ? 'alert' : undefined}
          >
            {photo.reading
              ? 'Reading the photo...'
              : (photo.message ??
                (photo.remove
                  ? 'The photo is removed when you save.'
                  : 'JPEG, PNG or WebP. Large photos are made smaller before they are saved.'))}
          </small>
        </div>
      </div>
    </fieldset>
  );
}
