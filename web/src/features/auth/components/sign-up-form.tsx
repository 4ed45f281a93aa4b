import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { signUpWithPassword } from '../api.ts';
import { setSession } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function SignUpForm() {
  const search = useSearch();
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const { pending, error, reasons, onSubmit } = useFormAction(async (form) => {
    const email = text(form, 'email');
    const session = await signUpWithPassword(text(form, 'fullName'), email, text(form, 'password'));
    if (session) setSession(session);
    else setConfirmTo(email);
  });
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
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field label="Full name" name="fullName" autoComplete="name" />
        <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <FormError message={error} reasons={reasons} />
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Signing up...' : 'Sign up'}
        </button>
        <p className="fine-print">
          By signing up you agree to our <Link href={paths.termsOfService}>terms of service</Link> and{' '}
          <Link href={paths.privacyPolicy}>privacy policy</Link>.
        </p>
      </form>
    </AuthCard>
  );
}
