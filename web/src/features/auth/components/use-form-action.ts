import { type FormEvent, useState } from 'react';
import { AuthFormError } from '../api.ts';

interface FormAction {
  pending: boolean;
  error: string | null;
  reasons: string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** Runs a form's action once at a time and keeps its error (and weak-password reasons) for display. */
export function useFormAction(action: (form: FormData) => Promise<void>): FormAction {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setReasons([]);
    action(new FormData(event.currentTarget))
      .catch((e: unknown) => {
        setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
        setReasons(e instanceof AuthFormError ? e.reasons : []);
      })
      .finally(() => setPending(false));
  };
  return { pending, error, reasons, onSubmit };
}

export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}
