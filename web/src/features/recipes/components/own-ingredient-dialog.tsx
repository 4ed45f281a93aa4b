import { type FormEvent, useId, useState } from 'react';
import { SHOP_CATEGORIES, SHOP_CATEGORY_NAMES } from '../../../../../shared/aisles/aisles.ts';
import {
  energyText,
  gramsPerEachText,
  gramsPerMlText,
  ingredientNameField,
  nutrientText,
  packSizeText,
  readField,
} from '../../../../../shared/limits/fields.ts';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { ingredientNutrition, type Named, type OwnIngredientInput } from '../../../lib/reference-data.ts';
import { findIngredient } from '../draft.ts';

const FIELDS = {
  name: ingredientNameField,
  protein: nutrientText,
  carbs: nutrientText,
  fats: nutrientText,
  calories: energyText,
  grams_per_each: gramsPerEachText,
  grams_per_ml: gramsPerMlText,
  pack_size: packSizeText,
} as const;
type Key = keyof typeof FIELDS;

const LABELS: Record<Key, string> = {
  name: 'Name',
  protein: 'Protein (g per 100 g)',
  carbs: 'Carbohydrate (g per 100 g)',
  fats: 'Fat (g per 100 g)',
  calories: 'Energy (kcal per 100 g)',
  grams_per_each: 'One weighs (g)',
  grams_per_ml: 'Density (g per mL)',
  pack_size: 'Pack size',
};

/** Reads the form as the database stores it, or the message of each field to fix. */
function readForm(text: Record<Key, string>): {
  input: OwnIngredientInput | null;
  errors: Partial<Record<Key, string>>;
} {
  const errors: Partial<Record<Key, string>> = {};
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(FIELDS) as Key[]) {
    const read = readField(FIELDS[key], text[key]);
    if (read.ok) values[key] = read.value;
    else errors[key] = read.message;
  }
  return {
    input: Object.keys(errors).length === 0 ? (values as unknown as OwnIngredientInput) : null,
    errors,
  };
}

/** Adds an ingredient of one's own: nutrition per 100 g (typed, or copied from a built-in one). */
export function OwnIngredientDialog({
  name,
  ingredients,
  onSave,
  onClose,
}: {
  name: string;
  ingredients: readonly Named[];
  onSave: (input: OwnIngredientInput) => Promise<void>;
  onClose: () => void;
}) {
  const [text, setText] = useState<Record<Key, string>>({
    name,
    protein: '',
    carbs: '',
    fats: '',
    calories: '',
    grams_per_each: '',
    grams_per_ml: '',
    pack_size: '',
  });
  const [packUnit, setPackUnit] = useState<string>('g');
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [category, setCategory] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const copy = () => {
    const known = findIngredient(copyFrom, ingredients);
    if (!known) return setProblem('Pick an ingredient from the list to copy its nutrition.');
    setProblem(null);
    ingredientNutrition(known.id)
      .then((n) =>
        setText((t) => ({ ...t, ...Object.fromEntries(Object.entries(n).map(([k, v]) => [k, String(v)])) })),
      )
      .catch(() => setProblem('The nutrition could not be copied. Please try again.'));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const { input, errors: found } = readForm(text);
    setErrors(found);
    if (!input) return;
    setBusy(true);
    onSave({
      ...input,
      pack_unit: input.pack_size === null ? null : packUnit,
      shop_category: category || null,
    })
      .then(onClose)
      .catch((e: { code?: string; message?: string }) => {
        setBusy(false);
        setProblem(
          e?.code === '23505'
            ? `There is already an ingredient called “${input.name}”. Choose another name, or use that one.`
            : 'The ingredient could not be saved. Please try again.',
        );
      });
  };
  const field = (key: Key, hint?: string) => (
    <Field
      label={LABELS[key]}
      value={text[key]}
      hint={hint}
      inputMode={key === 'name' ? undefined : 'decimal'}
      autoComplete="off"
      error={errors[key]}
      onChange={(e) => {
        setText((t) => ({ ...t, [key]: e.target.value }));
        setErrors(({ [key]: _fixed, ...rest }) => rest);
      }}
    />
  );
  return (
    <Dialog title="Add your own ingredient" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        {field('name', 'Only you see it, and your household in recipes you share.')}
        <div className="row copy-from">
          <Field
            label="Copy nutrition from"
            list={listId}
            value={copyFrom}
            autoComplete="off"
            onChange={(e) => setCopyFrom(e.target.value)}
          />
          <datalist id={listId}>
            {ingredients.map((i) => (
              <option key={i.id} value={i.name} />
            ))}
          </datalist>
          <button type="button" className="button small" onClick={copy}>
            Copy
          </button>
        </div>
        <div className="row">
          {field('protein')}
          {field('carbs')}
        </div>
        <div className="row">
          {field('fats')}
          {field('calories')}
        </div>
        <div className="row">
          {field('grams_per_each', 'Optional: for “2 pieces”')}
          {field('grams_per_ml', 'Optional: for cups and spoons')}
        </div>
        <div className="row">
          {field('pack_size', 'Optional: the pack you buy, for putting the shopping away')}
          <label className="field">
            <span>Pack unit</span>
            <select value={packUnit} onChange={(e) => setPackUnit(e.target.value)}>
              {LIMITS.packSize.units.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="field">
          <span>Shop aisle</span>
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">Other</option>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {SHOP_CATEGORY_NAMES[c]}
              </option>
            ))}
          </select>
        </label>
        <FormError message={problem} onRetry={null} />
        <DialogActions submit="Add ingredient" busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}
