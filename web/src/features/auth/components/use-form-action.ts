import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../components/ui/field.tsx';
import { describeError, type Problem } from '../../../lib/errors.ts';
import { FieldErrors, loadFieldRules } from '../api.ts';

/** A field's own check: its message, or null. */
type Checks = Readonly<Record<string, (text: string) => string | null>>;

export interface FormAction {
  pending: boolean;
  /** A failure of the whole form, in plain words (lib/errors.ts), with Retry when it may help. */
  problem: Problem | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  retry: (() => void) | null;
  field: (name: string) => FieldBinding;
}

/** What a Field needs: its name, its message, and the checks run as it is left and fixed. */
export interface FieldBinding {
  name: string;
  error: string | undefined;
  onLeave: (e: FocusEvent<HTMLInputElement>) => void;
  onChange: (e: { target: { value: string } }) => void;
}

/**
 * Runs a form's action once at a time. Fields are checked as they are left (and re-checked as a
 * wrong one is fixed); the action's FieldErrors go next to their fields, anything else is
 * described once by describeError.
 */
export function useFormAction(action: (form: FormData) => Promise<void>, checks: Checks = {}): FormAction {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const last = useRef<{ form: FormData; element: HTMLFormElement } | null>(null);
  // The checks of the fields as they are left; a failed load is retried by the action itself.
  useEffect(() => void loadFieldRules().catch(() => undefined), []);
  const setOne = (name: string, message: string | null) =>
    setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  const run = (form: FormData, element: HTMLFormElement) => {
    if (pending) return;
    last.current = { form, element };
    setPending(true);
    setProblem(null);
    setErrors({});
    action(form)
      .catch((e: unknown) => {
        if (e instanceof FieldErrors) {
          setErrors({ ...e.fields });
          focusFirstInvalid(element);
        } else setProblem(describeError(e));
      })
      .finally(() => setPending(false));
  };
  const retry = problem?.retry && last.current ? () => run(last.current!.form, last.current!.element) : null;
  return {
    pending,
    problem,
    retry,
    onSubmit: (event) => {
      event.preventDefault();
      run(new FormData(event.currentTarget), event.currentTarget);
    },
    field: (name) => ({
      name,
      error: errors[name],
      onLeave: (e) => setOne(name, checks[name]?.(e.target.value) ?? null),
      onChange: (e) => {
        if (errors[name]) setOne(name, checks[name]?.(e.target.value) ?? null);
      },
    }),
  };
}

export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}
