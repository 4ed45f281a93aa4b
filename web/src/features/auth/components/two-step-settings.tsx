import type { Factor } from '@supabase/supabase-js';
import { type FormEvent, useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConfirm } from '../../../components/ui/use-confirm.tsx';
import { describeError, type Problem } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { FieldErrors } from '../api.ts';
import {
  checkTotpCode,
  DEFAULT_FACTOR_NAME,
  listTotpFactors,
  type PendingTotp,
  removeFactor,
  startTotpEnrolment,
  verifyTotp,
} from '../mfa.ts';

/** The secret as apps ask for it when typed: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Enrolment({ pending, onDone }: { pending: PendingTotp; onDone: (verified: boolean) => void }) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCodeError(checkTotpCode(code));
    if (checkTotpCode(code)) return;
    setBusy(true);
    verifyTotp(pending.factorId, code)
      .then(() => onDone(true))
      .catch((e: unknown) =>
        e instanceof FieldErrors ? setCodeError(e.fields.code ?? null) : setProblem(describeError(e)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <ol className="steps">
        <li>
          Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).
          <img
            className="qr"
            src={pending.qrCode}
            alt="QR code to add Larder to your authenticator app"
            width="200"
            height="200"
          />
        </li>
        <li>
          Or type this key into the app: <code className="secret">{grouped(pending.secret)}</code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <Field
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={codeError}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormError message={problem?.message ?? null} />
      <div className="row">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Checking...' : 'Verify and turn on'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The profile's two-step sign-in: add an authenticator app (TOTP), see and remove the ones set up. */
export function TwoStepSettings() {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [loadProblem, setLoadProblem] = useState<Problem | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [name, setName] = useState(DEFAULT_FACTOR_NAME);
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();
  const load = () => {
    setLoadProblem(null);
    listTotpFactors()
      .then((list) => setFactors(list.filter((f) => f.status === 'verified')))
      .catch((e: unknown) => setLoadProblem(describeError(e)));
  };
  useEffect(load, []);
  const act = (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    work()
      .catch((e: unknown) => setProblem(describeError(e)))
      .finally(() => setBusy(false));
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    act(async () => setPending(await startTotpEnrolment(name)));
  };
  const finish = (verified: boolean) => {
    const factorId = pending?.factorId;
    setPending(null);
    if (verified) {
      showToast('Two-step sign-in is on. Next time you sign in, Larder asks for a code.', 'success');
      load();
    } else if (factorId) act(() => removeFactor(factorId));
  };
  const remove = (factor: Factor) => {
    const label = factor.friendly_name || DEFAULT_FACTOR_NAME;
    ask({
      title: `Remove ${label}?`,
      message: 'Signing in will no longer ask for its code.',
      confirm: 'Remove',
      onConfirm: () =>
        act(async () => {
          await removeFactor(factor.id);
          showToast(`Removed ${label}.`, 'success');
          load();
        }),
    });
  };
  return (
    <section className="card stack" aria-labelledby="two-step-h">
      <h2 id="two-step-h">Two-step sign-in</h2>
      {dialog}
      <p className="muted">
        Ask for a code from an authenticator app on your phone as well as your password.
      </p>
      {loadProblem ? (
        <FormError message={loadProblem.message} onRetry={load} />
      ) : factors === null ? (
        <p className="muted">Loading…</p>
      ) : factors.length === 0 ? (
        <p>Two-step sign-in is off.</p>
      ) : (
        <ul className="factors" aria-label="Authenticator apps">
          {factors.map((f) => (
            <li key={f.id}>
              <span>
                {f.friendly_name || DEFAULT_FACTOR_NAME}{' '}
                <span className="muted small">added {formatDate(f.created_at.slice(0, 10))}</span>
              </span>
              <button type="button" className="button small danger" onClick={() => remove(f)} disabled={busy}>
                Remove {f.friendly_name || DEFAULT_FACTOR_NAME}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={problem?.message ?? null} />
      {pending ? (
        <Enrolment pending={pending} onDone={finish} />
      ) : factors !== null ? (
        <form className="stack" onSubmit={start} noValidate>
          <Field
            label="Name of the app or device"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            Add an authenticator app
          </button>
        </form>
      ) : null}
    </section>
  );
}
