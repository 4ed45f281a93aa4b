import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { signOut } from '../api.ts';
import { checkTotpCode, verifySignInCode } from '../mfa.ts';
import { AuthCard } from './auth-card.tsx';
import { text, useFormAction } from './use-form-action.ts';

/**
 * The second step of signing in (an aal1 session of someone with an authenticator app): its
 * current code lifts the session to aal2, and the app opens where the person was headed.
 */
export function SecondFactorForm() {
  const { pending, problem, retry, field, onSubmit } = useFormAction(
    async (form) => verifySignInCode(text(form, 'code')),
    { code: checkTotpCode },
  );
  return (
    <AuthCard
      title="Enter your code"
      footer={
        <p>
          Not you, or no access to your app?{' '}
          <button type="button" className="button ghost small" onClick={() => void signOut()}>
            Sign out
          </button>
        </p>
      }
    >
      <p>
        Your account has two-step sign-in. Open your authenticator app and enter the 6-digit code it shows for
        Larder.
      </p>
      <form onSubmit={onSubmit} noValidate className="stack">
        <Field
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          {...field('code')}
        />
        <FormError message={problem?.message ?? null} onRetry={retry} />
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Checking...' : 'Verify'}
        </button>
      </form>
    </AuthCard>
  );
}
