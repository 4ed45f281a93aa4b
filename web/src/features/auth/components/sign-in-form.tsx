import { Link, useSearch } from 'wouter';
import { LIMITS } from '../../../../../shared/limits/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { SESSION_ENDED_MESSAGE } from '../../../lib/errors.ts';
import { checkEmail, signInWithPassword } from '../api.ts';
import { signedIn, useAuth } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function SignInForm() {
  const search = useSearch();
  const { ended } = useAuth();
  const { pending, problem, retry, field, onSubmit } = useFormAction(
    async (form) => signedIn(await signInWithPassword(text(form, 'email'), text(form, 'password'))),
    { email: checkEmail },
  );
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
      {ended ? (
        <p className="notice" role="status">
          {SESSION_ENDED_MESSAGE}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email.max}
          {...field('email')}
        />
        <Field label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <FormError message={problem?.message ?? null} reasons={problem?.reasons} onRetry={retry} />
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </button>
        <Link href={paths.forgotPassword}>Forgot your password?</Link>
      </form>
    </AuthCard>
  );
}
