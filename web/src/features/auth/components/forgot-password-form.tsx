import { useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '../../../../../shared/limits/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { checkEmail, sendRecoveryEmail } from '../api.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, problem, retry, field, onSubmit } = useFormAction(
    async (form) => {
      const email = text(form, 'email');
      await sendRecoveryEmail(email);
      setSentTo(email.trim());
    },
    { email: checkEmail },
  );
  return (
    <AuthCard
      title="Forgot password"
      footer={
        <p>
          Remembered it? <Link href={paths.signIn}>Sign in</Link>
        </p>
      }
    >
      {sentTo ? (
        <p role="status">
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="stack">
          <p>Enter your e-mail address and we will send you a link to choose a new password.</p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.email.max}
            {...field('email')}
          />
          <FormError message={problem?.message ?? null} onRetry={retry} />
          <button type="submit" className="button primary" disabled={pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
