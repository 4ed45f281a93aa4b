import { type FormEvent, useEffect, useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits/limits.ts';
import { describeError, type Problem } from '../../lib/errors.ts';
import { ingredientOptions, measurementOptions, type Named } from '../../lib/reference-data.ts';
import { Field, focusFirstInvalid, SelectField } from './field.tsx';
import { FormError } from './form-error.tsx';
import type { ItemErrors, ItemFormValues, ItemPart, ItemText, ItemValues } from './item-fields.ts';

export type { ItemValues };

type ItemRules = typeof import('./item-fields.ts');
// The item rules (zod, quantity parsing) load as the form shows, not before the list beside it.
const loadRules = (): Promise<ItemRules> => import('./item-fields.ts');

const asText = (v?: ItemFormValues): ItemText => ({
  name: v?.name ?? '',
  quantity: v?.quantity == null ? '' : String(v.quantity),
  unit: v?.unit ?? '',
  useBy: v?.use_by ?? '',
});

const sameText = (a: ItemText, b: ItemText) =>
  a.name === b.name && a.quantity === b.quantity && a.unit === b.unit && a.useBy === b.useBy;

/**
 * Adds or edits a pantry or shopping item: free text, or a known ingredient picked from the
 * suggestions (which links it to the ingredient), with an optional quantity and unit (and, in the
 * pantry, an optional use-by day). Each field is checked with shared's item rules as it is left
 * and on submit; what was typed is kept on error.
 */
export function ItemForm({
  initial,
  submitLabel,
  context,
  withUseBy = false,
  onSubmit,
  onCancel,
}: {
  initial?: ItemFormValues;
  submitLabel: string;
  context: string;
  /** The pantry's form: a use-by day too. */
  withUseBy?: boolean;
  onSubmit: (values: ItemFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [known, setKnown] = useState<Named[]>([]);
  const [units, setUnits] = useState<Named[]>([]);
  const [text, setText] = useState<ItemText>(() => asText(initial));
  const [errors, setErrors] = useState<ItemErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [rules, setRules] = useState<ItemRules | null>(null);
  useEffect(() => {
    loadRules().then(setRules, (e: unknown) => console.error('loading the item rules failed', e));
    ingredientOptions().then(setKnown, (e: unknown) => console.error('loading ingredients failed', e));
    measurementOptions().then(setUnits, (e: unknown) => console.error('loading units failed', e));
  }, []);
  // A fixed field clears its message as it is typed; a new message waits until the field is left.
  // A field left before the rules are here is checked on saving.
  const check = (t: ItemText, part: ItemPart) => rules?.checkItemPart(t, part) ?? undefined;
  const edit = (part: ItemPart, value: string) => {
    const next = { ...text, [part]: value };
    setText(next);
    if (errors[part]) setErrors((e) => ({ ...e, [part]: check(next, part) }));
  };
  const leave = (part: ItemPart) => setErrors((e) => ({ ...e, [part]: check(text, part) }));
  const save = (form?: HTMLFormElement) => {
    if (rules) saveWith(rules, form);
    else
      loadRules().then(
        (loaded) => saveWith(loaded, form),
        (e: unknown) => setProblem(describeError(e)),
      );
  };
  const saveWith = ({ readItem }: ItemRules, form?: HTMLFormElement) => {
    const read = readItem(text, known, withUseBy);
    if (!read.ok) {
      setErrors(read.errors);
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    setProblem(null);
    setPending(true);
    const sent = text;
    onSubmit(read.values)
      .then(() => {
        // Clear for the next item, unless the person has already started typing it.
        if (!initial) setText((now) => (sameText(now, sent) ? asText() : now));
      })
      .catch((e: unknown) => {
        console.error(`saving the ${context} item failed`, e);
        setProblem(describeError(e));
      })
      .finally(() => setPending(false));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(event.currentTarget);
  };
  return (
    <form className="item-form" onSubmit={submit} noValidate aria-label={`${submitLabel} (${context})`}>
      <Field
        id={`${id}-name`}
        className="grow"
        label="Item"
        list={`${id}-known`}
        value={text.name}
        maxLength={LIMITS.itemName.max}
        autoComplete="off"
        error={errors.name}
        onChange={(e) => edit('name', e.target.value)}
        onLeave={() => leave('name')}
      />
      <datalist id={`${id}-known`}>
        {known.map((k) => (
          <option key={k.id} value={k.name} />
        ))}
      </datalist>
      <Field
        id={`${id}-qty`}
        className="narrow"
        label="Quantity"
        inputMode="decimal"
        value={text.quantity}
        maxLength={LIMITS.lineQuantityText.max}
        autoComplete="off"
        error={errors.quantity}
        onChange={(e) => edit('quantity', e.target.value)}
        onLeave={() => leave('quantity')}
      />
      <SelectField
        id={`${id}-unit`}
        className="narrow"
        label="Unit"
        value={text.unit}
        blank="—"
        choices={units.map((u) => ({ value: u.name, label: u.name }))}
        onChange={(value) => edit('unit', value)}
      />
      {withUseBy ? (
        <Field
          id={`${id}-use-by`}
          className="narrow use-by-field"
          label="Use by"
          type="date"
          min={LIMITS.useBy.min}
          max={LIMITS.useBy.max}
          value={text.useBy}
          error={errors.useBy}
          onChange={(e) => edit('useBy', e.target.value)}
          onLeave={() => leave('useBy')}
        />
      ) : null}
      <div className="item-form-actions">
        <button type="submit" className="button primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormError message={problem?.message ?? null} onRetry={problem?.retry ? () => save() : null} />
    </form>
  );
}
