import type { FormEvent, InputHTMLAttributes } from 'react';
import { Field } from './field.tsx';

/**
 * A form of one text field and its button (add a cook, invite by e-mail, rename): the field's
 * error under it, the button off while the request runs.
 */
export function OneFieldForm({
  label,
  value,
  error,
  submit,
  disabled,
  primary = true,
  className = 'inline-form',
  onValue,
  onSubmit,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onSubmit' | 'value'> & {
  label: string;
  value: string;
  error: string | null;
  submit: string;
  disabled?: boolean;
  primary?: boolean;
  onValue: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      <Field
        label={label}
        value={value}
        error={error}
        onChange={(e) => onValue(e.target.value)}
        autoComplete="off"
        {...input}
      />
      <button type="submit" className={primary ? 'button primary' : 'button'} disabled={disabled}>
        {submit}
      </button>
    </form>
  );
}
