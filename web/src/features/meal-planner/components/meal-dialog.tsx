import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { MEAL_SLOTS, type MealSlot } from '../../../../../shared/recipes/meal-slots.ts';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { Meal, MealChange } from '../api.ts';
import { type PlannerCook, type PlannerRecipe, SLOT_NAMES } from '../pick.ts';
import { RecipePicker } from './recipe-picker.tsx';

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="chips">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="chip">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

const { min, max } = LIMITS.portions;
const PORTIONS_MESSAGE = `Portions must be a whole number from ${min} to ${max}, or empty for the recipe's own.`;

/** Adding or changing a meal: the recipe (searchable), who cooks it and for how many. */
export function MealDialog({
  title,
  slot,
  meal,
  recipes,
  cooks,
  onSave,
  onRemove,
  onCook,
  onUncook,
  onClose,
}: {
  title: string;
  /** The meal of the day it is for. */
  slot: MealSlot;
  meal: Meal | null;
  recipes: readonly PlannerRecipe[];
  cooks: readonly PlannerCook[];
  onSave: (change: MealChange) => Promise<void>;
  onRemove?: () => Promise<void>;
  /** Marks it cooked (issue 25); absent for a meal without a recipe or already cooked. */
  onCook?: () => Promise<void>;
  /** Un-marks it cooked, putting back what cooking took; absent for a meal not cooked. */
  onUncook?: () => Promise<void>;
  onClose: () => void;
}) {
  const [recipe, setRecipe] = useState(recipes.find((r) => r.id === meal?.recipe_id) ?? null);
  const [cook, setCook] = useState(meal?.cook_id ?? '');
  const [portions, setPortions] = useState(meal?.portions == null ? '' : String(meal.portions));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = portions.trim() === '' ? null : Number(portions);
    if (n !== null && !(Number.isInteger(n) && n >= min && n <= max)) {
      setError(PORTIONS_MESSAGE);
      return;
    }
    setBusy(true);
    onSave({ recipe_id: recipe?.id ?? null, cook_id: cook || null, portions: n })
      .then(onClose)
      .catch(() => setBusy(false));
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <RecipePicker recipes={recipes} slot={slot} selected={recipe} onSelect={setRecipe} />
        <Choices
          legend="Who cooks"
          name="cook"
          value={cook}
          onChange={setCook}
          options={[{ value: '', label: 'Anyone' }, ...cooks.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <div className="field">
          <label htmlFor="meal-portions">Portions</label>
          <input
            id="meal-portions"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            placeholder={String(recipe?.portions ?? 1)}
            value={portions}
            aria-invalid={error ? true : undefined}
            aria-describedby="meal-portions-note"
            onChange={(e) => setPortions(e.target.value)}
          />
          <small id="meal-portions-note" className={error ? 'field-error' : 'hint'}>
            {error ?? 'Empty: the recipe’s own portions.'}
          </small>
        </div>
        {meal?.cooked_at ? <p className="small muted">Cooked.</p> : null}
        <DialogActions submit="Save meal" busy={busy} onClose={onClose}>
          {onUncook ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void onUncook().then(onClose)}
            >
              Not cooked
            </button>
          ) : null}
          {onCook ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void onCook().then(onClose)}
            >
              Mark cooked
            </button>
          ) : null}
          {onRemove ? (
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => void onRemove().then(onClose)}
            >
              Remove meal
            </button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "Move to…": the keyboard's way to do what dragging does, any day of the week and any slot. */
export function MoveDialog({
  title,
  meal,
  dates,
  dayName,
  onMove,
  onClose,
}: {
  title: string;
  meal: Meal;
  dates: readonly string[];
  dayName: (date: string) => string;
  onMove: (date: string, slot: MealSlot) => Promise<void>;
  onClose: () => void;
}) {
  const [date, setDate] = useState(String(meal.date).slice(0, 10));
  const [slot, setSlot] = useState<MealSlot>(meal.slot);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void onMove(date, slot).then(onClose, onClose);
        }}
      >
        <Choices
          legend="Day"
          name="day"
          value={date}
          onChange={setDate}
          options={dates.map((d) => ({ value: d, label: dayName(d) }))}
        />
        <Choices
          legend="Meal"
          name="slot"
          value={slot}
          onChange={setSlot}
          options={MEAL_SLOTS.map((s) => ({ value: s, label: SLOT_NAMES[s] }))}
        />
        <DialogActions submit="Move here" onClose={onClose} />
      </form>
    </Dialog>
  );
}
