import { useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '../../../../../shared/limits/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { checkNewPassword, updatePassword } from '../api.ts';
import { auth, useAuth } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function ResetPasswordForm() {
  const { status } = useAuth();
  const [done, setDone] = useState(false);
  const { pending, problem, retry, field, onSubmit } = useFormAction(
    async (form) => {
      await updatePassword(text(form, 'password'));
      auth.recovering = false;
      setDone(true);
    },
    { password: checkNewPassword },
  );
  if (status === 'loading') return <Spinner />;
  if (done) {
    return (
      <AuthCard title="Password updated">
        <p role="status">Your new password is saved.</p>
        <Link href={paths.home} className="button primary">
          Continue to Larder
        </Link>
      </AuthCard>
    );
  }
  if (status !== 'signed-in') {
    return (
      <AuthCard title="Reset password">
        <p>This reset link is invalid or has expired.</p>
        <Link href={paths.forgotPassword}>Send a new link</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password">
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${LIMITS.password.min} characters.`}
          {...field('password')}
        />
        <FormError message={problem?.message ?? null} reasons={problem?.reasons} onRetry={retry} />
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save password'}
        </button>
      </form>
    </AuthCard>
  );
}
