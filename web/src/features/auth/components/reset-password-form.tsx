import { useState } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { checkNewPassword, updatePassword } from '../api.ts';
import { auth, useAuth } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, NewPasswordField } from './auth-fields.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function ResetPasswordForm() {
  const { status } = useAuth();
  const [done, setDone] = useState(false);
  const action = useFormAction(
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
      <AuthForm action={action} label="Save password" pendingLabel="Saving...">
        <NewPasswordField label="New password" {...action.field('password')} />
      </AuthForm>
    </AuthCard>
  );
}
