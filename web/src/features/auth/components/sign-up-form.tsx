import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { Field } from '../../../components/ui/field.tsx';
import { paths } from '../../../config/paths.ts';
import { checkEmail, checkFullName, checkNewPassword, signUpWithPassword } from '../api.ts';
import { signedIn } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, EmailField, NewPasswordField } from './auth-fields.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function SignUpForm() {
  const search = useSearch();
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const action = useFormAction(
    async (form) => {
      const email = text(form, 'email');
      const session = await signUpWithPassword(text(form, 'fullName'), email, text(form, 'password'));
      if (session) signedIn(session);
      else setConfirmTo(email.trim());
    },
    { fullName: checkFullName, email: checkEmail, password: checkNewPassword },
  );
  const signInHref = search ? `${paths.signIn}?${search}` : paths.signIn;
  if (confirmTo) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status">
          We sent a confirmation link to <strong>{confirmTo}</strong>. Open it to finish signing up.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign up"
      footer={
        <p>
          Already have an account? <Link href={signInHref}>Sign in</Link>
        </p>
      }
    >
      <AuthForm
        action={action}
        label="Sign up"
        pendingLabel="Signing up..."
        after={
          <p className="fine-print">
            By signing up you agree to our <Link href={paths.termsOfService}>terms of service</Link> and{' '}
            <Link href={paths.privacyPolicy}>privacy policy</Link>.
          </p>
        }
      >
        <Field
          label="Full name"
          autoComplete="name"
          maxLength={LIMITS.userName.max}
          {...action.field('fullName')}
        />
        <EmailField {...action.field('email')} />
        <NewPasswordField label="Password" {...action.field('password')} />
      </AuthForm>
    </AuthCard>
  );
}
