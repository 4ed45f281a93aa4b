import { LIMITS } from '../../../../../shared/limits/index.ts';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import type { Named } from '../../../lib/reference-data.ts';
import { type LineDraft, lineErrorKey } from '../draft.ts';
import { editLine, leaveLine, removeLine } from '../editor-store.ts';

/** One ingredient line of the recipe editor: ingredient, quantity and unit, each with its message. */
export function EditorLine({
  line,
  index,
  listId,
  units,
  errors,
}: {
  line: LineDraft;
  index: number;
  /** The datalist of known ingredients. */
  listId: string;
  units: readonly Named[];
  errors: Readonly<Record<string, string>>;
}) {
  const n = index + 1;
  return (
    <div className="line-row">
      <Field
        label={`Ingredient ${n}`}
        list={listId}
        value={line.ingredient}
        autoComplete="off"
        error={errors[lineErrorKey(line.key, 'ingredient')]}
        onChange={(e) => editLine(line.key, 'ingredient', e.target.value)}
        onBlur={() => leaveLine(line.key, 'ingredient')}
      />
      <Field
        label="Quantity"
        value={line.quantity}
        placeholder="1 1/2"
        maxLength={LIMITS.lineQuantityText.max}
        autoComplete="off"
        error={errors[lineErrorKey(line.key, 'quantity')]}
        onChange={(e) => editLine(line.key, 'quantity', e.target.value)}
        onBlur={() => leaveLine(line.key, 'quantity')}
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
    </div>
  );
}
