import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';

const { min, max } = LIMITS.portions;

/**
 * Portions a planned meal is cooked for. Empty means the recipe's own (shown as the
 * placeholder); a whole number 1–100 is saved when the field is left or Enter is pressed.
 */
export function PortionsInput({
  id,
  label,
  value,
  recipePortions,
  onSave,
}: {
  id: string;
  label: string;
  value: number | null;
  recipePortions: number;
  onSave: (portions: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const commit = () => {
    const trimmed = text.trim();
    const n = trimmed === '' ? null : Number(trimmed);
    if (n !== null && !(Number.isInteger(n) && n >= min && n <= max)) {
      setError(`Portions must be a whole number from ${min} to ${max}.`);
      return;
    }
    setError(null);
    if (n !== value) onSave(n);
  };
  return (
    <div className="field portions-field">
      <label htmlFor={id}>
        Portions<span className="visually-hidden">, {label}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        placeholder={String(recipePortions)}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
