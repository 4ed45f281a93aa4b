import { useId, useRef } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { MEAL_SLOTS } from '../../../../../shared/recipes/meal-slots.ts';
import { Field, focusFirstInvalid, SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { FormEnd, submitTo } from '../../../components/ui/form-error.tsx';
import { SLOT_NAMES } from '../../meal-planner/pick.ts';
import type { DraftField } from '../draft.ts';
import {
  addLine,
  editField,
  leaveField,
  matchTextLine,
  removeTextLine,
  setMealType,
  submitEditor,
  useEditor,
} from '../editor-store.ts';
import { EditorLine } from './editor-line.tsx';
import { PhotoField } from './photo-field.tsx';

/** The recipe editor's form; the draft, its messages and saving live in editor-store.ts. */
export function EditorForm({ userId, onSaved }: { userId: string; onSaved: (id: string) => void }) {
  const { draft, errors, saving, problem, ingredients, units } = useEditor();
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);
  if (!draft) return null;
  const save = () => {
    void submitEditor(userId).then((id) => {
      if (id) onSaved(id);
      // Take the person to the first thing to fix; the message is read with it.
      else focusFirstInvalid(form.current);
    });
  };
  const text = (field: DraftField) => ({
    value: draft[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => editField(field, e.target.value),
    onLeave: () => leaveField(field),
  });
  return (
    <form ref={form} className="stack card editor" onSubmit={submitTo(save)} noValidate>
      <Field label="Recipe name" maxLength={LIMITS.recipeName.max} required {...text('name')} />
      <div className="row">
        <Field
          label="Portions"
          inputMode="numeric"
          autoComplete="off"
          hint={`${LIMITS.portions.min} to ${LIMITS.portions.max}`}
          {...text('portions')}
        />
        <Field
          label="Time (minutes)"
          inputMode="numeric"
          autoComplete="off"
          hint={`${LIMITS.duration.min} to ${LIMITS.duration.max}`}
          {...text('duration')}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={2}
        maxLength={LIMITS.recipeDescription.max}
        {...text('description')}
      />
      <SelectField
        label="Meal"
        blank="Any meal"
        choices={MEAL_SLOTS.map((slot) => ({ value: slot, label: SLOT_NAMES[slot] }))}
        value={draft.mealType}
        onChange={setMealType}
      />
      <Field
        label="Tags"
        hint={`Separated by commas, such as quick, family favourite (at most ${LIMITS.recipeTags.max})`}
        autoComplete="off"
        {...text('tags')}
      />
      <PhotoField name={draft.name} />
      <fieldset className="lines">
        <legend>Ingredients</legend>
        <datalist id={listId}>
          {ingredients.map((i) => (
            <option key={i.id} value={i.name} />
          ))}
        </datalist>
        {draft.lines.map((line, index) => (
          <EditorLine
            key={line.key}
            line={line}
            index={index}
            listId={listId}
            units={units}
            ingredients={ingredients}
            errors={errors}
          />
        ))}
        <button type="button" className="button small" onClick={addLine}>
          Add ingredient
        </button>
      </fieldset>
      <TextLinesEditor lines={draft.textLines} />
      <TextAreaField label="Method (one step per line)" rows={6} {...text('steps')} />
      {Object.keys(errors).length > 0 ? (
        <p className="form-error">Some fields need fixing: see the messages above.</p>
      ) : null}
      <FormEnd
        problem={problem}
        onRetry={save}
        pending={saving}
        label="Save recipe"
        pendingLabel="Saving..."
      />
    </form>
  );
}

/**
 * An import's lines kept as text: each can become an ingredient line to finish (counted in
 * nutrition and price once saved) or be removed; the rest stay as text.
 */
function TextLinesEditor({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="stack text-lines-editor" aria-labelledby="text-lines-h">
      <h2 id="text-lines-h" className="small">
        Kept as text from the import
      </h2>
      <p className="muted small">Not counted in nutrition or price until made an ingredient line.</p>
      <ul className="list">
        {lines.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ordered text without ids, may repeat
          <li key={i} className="list-item text-line">
            <span>{text}</span>
            <span className="row">
              <button
                type="button"
                className="button small"
                aria-label={`Make it an ingredient line: ${text}`}
                onClick={() => matchTextLine(i)}
              >
                Make it an ingredient line
              </button>
              <button
                type="button"
                className="button ghost small"
                aria-label={`Remove: ${text}`}
                onClick={() => removeTextLine(i)}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
