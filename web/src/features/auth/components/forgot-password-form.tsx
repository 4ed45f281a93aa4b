import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths.ts';
import { checkEmail, sendRecoveryEmail } from '../api.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, EmailField } from './auth-fields.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useFormAction(
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
        <AuthForm action={action} label="Send reset link" pendingLabel="Sending...">
          <p>Enter your e-mail address and we will send you a link to choose a new password.</p>
          <EmailField {...action.field('email')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
