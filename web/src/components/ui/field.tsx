import {
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { leftForSubmit } from './submit-press.ts';

interface Described {
  label: string;
  hint?: string;
  /** What to fix, shown under the field and read with it (aria-invalid, aria-describedby). */
  error?: string | null;
}

/**
 * A field's check as it is left. A field left by pressing its own form's submit button is not
 * checked then: the submit checks every field (submit-press.ts says why).
 */
interface Checked<E extends HTMLInputElement | HTMLTextAreaElement> {
  onLeave?: (event: FocusEvent<E>) => void;
}

function leaving<E extends HTMLInputElement | HTMLTextAreaElement>(
  onLeave: ((event: FocusEvent<E>) => void) | undefined,
): ((event: FocusEvent<E>) => void) | undefined {
  if (!onLeave) return undefined;
  return (event) => {
    if (!leftForSubmit(event.currentTarget)) onLeave(event);
  };
}

/** Moves focus to a form's first field with a message, once it has rendered, so it is read out. */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** What describes a control: its error, which says the limits too, else its hint. */
function describedBy(id: string, hint?: string, error?: string | null): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

function Notes({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  if (error) {
    return (
      <small id={`${id}-error`} className="field-error">
        {error}
      </small>
    );
  }
  return hint ? (
    <small id={`${id}-hint`} className="hint">
      {hint}
    </small>
  ) : null;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Described & Checked<HTMLInputElement>;

/** A text input with a visible label (CONTRACTS 6), an optional hint and its error, tied to it. */
export function Field({ label, hint, error, id, className, onLeave, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        onBlur={leaving(onLeave)}
        {...input}
      />
      <Notes id={inputId} hint={hint} error={error} />
    </div>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Described & Checked<HTMLTextAreaElement>;

export function TextAreaField({ label, hint, error, id, onLeave, ...area }: TextAreaProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, hint, error)}
        onBlur={leaving(onLeave)}
        {...area}
      />
      <Notes id={areaId} hint={hint} error={error} />
    </div>
  );
}

/** One choice of a SelectField: what is stored and what is shown. */
export interface Choice {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  /** Visible text, with any words only a screen reader needs in a visually-hidden span. */
  label: ReactNode;
  value: string;
  /** The first choice, stored as '' ('Anyone', 'Any time', 'g'); none when absent. */
  blank?: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
};

/** A select with a visible label (CONTRACTS 6): a blank first choice if given, then `choices`. */
export function SelectField({ label, blank, choices, onChange, id, className, ...select }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} onChange={(e) => onChange(e.target.value)} {...select}>
        {blank === undefined ? null : <option value="">{blank}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
