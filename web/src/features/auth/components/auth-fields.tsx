import type { ReactNode } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormEnd } from '../../../components/ui/form-error.tsx';
import type { FieldBinding, FormAction } from './use-form-action.ts';

/** The e-mail field every auth form asks for, limited as the database limits it. */
export function EmailField(binding: FieldBinding) {
  return (
    <Field
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={LIMITS.email.max}
      {...binding}
    />
  );
}

/** A password being chosen (sign-up, reset), with the shortest length allowed as its hint. */
export function NewPasswordField({ label, ...binding }: FieldBinding & { label: string }) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete="new-password"
      hint={`At least ${LIMITS.password.min} characters.`}
      {...binding}
    />
  );
}

/**
 * An auth form: its fields, then its own failure (a weak password's reasons, Retry when it may
 * help) and its button, named by its action; `after` follows the button.
 */
export function AuthForm({
  action,
  label,
  pendingLabel,
  children,
  after,
}: {
  action: FormAction;
  label: string;
  pendingLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form onSubmit={action.onSubmit} noValidate className="stack">
      {children}
      <FormEnd
        problem={action.problem}
        onRetry={action.retry}
        pending={action.pending}
        label={label}
        pendingLabel={pendingLabel}
      />
      {after}
    </form>
  );
}
