import { type InputHTMLAttributes, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/** A text input with a visible label (CONTRACTS 6) and an optional hint tied to it. */
export function Field({ label, hint, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-describedby={hintId} {...input} />
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
