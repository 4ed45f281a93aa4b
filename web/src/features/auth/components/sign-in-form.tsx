import { Link, useSearch } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { signInWithPassword } from '../api.ts';
import { setSession } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function SignInForm() {
  const search = useSearch();
  const { pending, error, onSubmit } = useFormAction(async (form) => {
    setSession(await signInWithPassword(text(form, 'email'), text(form, 'password')));
  });
  const signUpHref = search ? `${paths.signUp}?${search}` : paths.signUp;
  return (
    <AuthCard
      title="Sign in"
      footer={
        <p>
          New to Larder? <Link href={signUpHref}>Create an account</Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" />
        <FormError message={error} />
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </button>
        <Link href={paths.forgotPassword}>Forgot your password?</Link>
      </form>
    </AuthCard>
  );
}
