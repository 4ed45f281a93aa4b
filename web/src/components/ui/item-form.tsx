import { type FormEvent, useEffect, useId, useState } from 'react';
import { ingredientOptions, measurementOptions, type Named } from '../../lib/reference-data.ts';
import { FormError } from './form-error.tsx';
import { QUANTITY_ERROR, readItemQuantity } from './item-quantity.ts';

export interface ItemValues {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
}

/**
 * Adds or edits a pantry or shopping item: free text, or a known ingredient picked from the
 * suggestions (which links it to the ingredient), with an optional quantity and unit.
 */
export function ItemForm({
  initial,
  submitLabel,
  context,
  onSubmit,
  onCancel,
}: {
  initial?: ItemValues;
  submitLabel: string;
  context: string;
  onSubmit: (values: ItemValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [known, setKnown] = useState<Named[]>([]);
  const [units, setUnits] = useState<Named[]>([]);
  const [name, setName] = useState(initial?.name ?? '');
  const [quantity, setQuantity] = useState(initial?.quantity == null ? '' : String(initial.quantity));
  const [unit, setUnit] = useState(initial?.unit ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    ingredientOptions().then(setKnown, (e: unknown) => console.error('loading ingredients failed', e));
    measurementOptions().then(setUnits, (e: unknown) => console.error('loading units failed', e));
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter an item name.');
    const q = readItemQuantity(quantity);
    if (q === undefined) return setError(QUANTITY_ERROR);
    const match = known.find((k) => k.name.toLowerCase() === trimmed.toLowerCase());
    setPending(true);
    setError(null);
    onSubmit({
      name: match?.name ?? trimmed,
      ingredient_id: match?.id ?? null,
      quantity: q,
      unit: unit || null,
    })
      .then(() => {
        if (!initial) {
          setName('');
          setQuantity('');
          setUnit('');
        }
      })
      .catch((e: unknown) => {
        console.error(`saving the ${context} item failed`, e);
        setError('The item could not be saved. Please try again.');
      })
      .finally(() => setPending(false));
  };
  return (
    <form className="item-form" onSubmit={submit} noValidate aria-label={`${submitLabel} (${context})`}>
      <div className="field grow">
        <label htmlFor={`${id}-name`}>Item</label>
        <input
          id={`${id}-name`}
          list={`${id}-known`}
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <datalist id={`${id}-known`}>
          {known.map((k) => (
            <option key={k.id} value={k.name} />
          ))}
        </datalist>
      </div>
      <div className="field narrow">
        <label htmlFor={`${id}-qty`}>Quantity</label>
        <input
          id={`${id}-qty`}
          inputMode="decimal"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </div>
      <div className="field narrow">
        <label htmlFor={`${id}-unit`}>Unit</label>
        <select id={`${id}-unit`} value={unit} onChange={(e) => setUnit(e.target.value)}>
          <option value="">—</option>
          {units.map((u) => (
            <option key={u.id} value={u.name}>
              {u.name}
            </option>
          ))}
        </select>
      </div>
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
      <FormError message={error} />
    </form>
  );
}
