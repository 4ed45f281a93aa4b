import { useState } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import type { Named } from '../../../lib/reference-data.ts';
import { findIngredient, type LineDraft, lineErrorKey } from '../draft.ts';
import { addIngredientForLine, editLine, leaveLine, removeLine } from '../editor-store.ts';
import { OwnIngredientDialog } from './own-ingredient-dialog.tsx';

/** One ingredient line of the recipe editor: ingredient, quantity and unit, each with its message. */
export function EditorLine({
  line,
  index,
  listId,
  units,
  ingredients,
  errors,
}: {
  line: LineDraft;
  index: number;
  /** The datalist of known ingredients. */
  listId: string;
  units: readonly Named[];
  ingredients: readonly Named[];
  errors: Readonly<Record<string, string>>;
}) {
  const n = index + 1;
  const [adding, setAdding] = useState(false);
  // Offered once the line says it does not know the ingredient, so nothing moves under a click.
  const unknown =
    Boolean(errors[lineErrorKey(line.key, 'ingredient')]) &&
    line.ingredient.trim() !== '' &&
    !findIngredient(line.ingredient, ingredients);
  return (
    <div className="line-row">
      <Field
        label={`Ingredient ${n}`}
        list={listId}
        value={line.ingredient}
        autoComplete="off"
        error={errors[lineErrorKey(line.key, 'ingredient')]}
        onChange={(e) => editLine(line.key, 'ingredient', e.target.value)}
        onLeave={() => leaveLine(line.key, 'ingredient')}
      />
      <Field
        label="Quantity"
        value={line.quantity}
        placeholder="1 1/2"
        maxLength={LIMITS.lineQuantityText.max}
        autoComplete="off"
        error={errors[lineErrorKey(line.key, 'quantity')]}
        onChange={(e) => editLine(line.key, 'quantity', e.target.value)}
        onLeave={() => leaveLine(line.key, 'quantity')}
      />
      <SelectField
        id={`unit-${line.key}`}
        label="Unit"
        value={line.unit}
        blank="g"
        choices={units.filter((u) => u.name !== 'g').map((u) => ({ value: u.name, label: u.name }))}
        onChange={(value) => editLine(line.key, 'unit', value)}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove ingredient ${n}`}
        onClick={() => removeLine(line.key)}
      >
        ×
      </button>
      {unknown ? (
        <button type="button" className="button small add-own" onClick={() => setAdding(true)}>
          Add “{line.ingredient.trim()}” as your own ingredient
        </button>
      ) : null}
      {adding ? (
        <OwnIngredientDialog
          name={line.ingredient}
          ingredients={ingredients}
          onSave={(input) => addIngredientForLine(line.key, input)}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}
