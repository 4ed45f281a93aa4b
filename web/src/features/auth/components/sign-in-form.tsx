import { Link, useSearch } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { paths } from '../../../config/paths.ts';
import { SESSION_ENDED_MESSAGE } from '../../../lib/errors.ts';
import { checkEmail, signInWithPassword } from '../api.ts';
import { signedIn, useAuth } from '../store.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthForm, EmailField } from './auth-fields.tsx';
import { text, useFormAction } from './use-form-action.ts';

export function SignInForm() {
  const search = useSearch();
  const { ended } = useAuth();
  const action = useFormAction(
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
      <AuthForm
        action={action}
        label="Sign in"
        pendingLabel="Signing in..."
        after={<Link href={paths.forgotPassword}>Forgot your password?</Link>}
      >
        <EmailField {...action.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          {...action.field('password')}
        />
      </AuthForm>
    </AuthCard>
  );
}
