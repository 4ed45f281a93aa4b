import { type FormEvent, useEffect, useState } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { describeError } from '../../../lib/errors.ts';

const { min, max } = LIMITS.basketMinSavingCents;

/** The smallest saving worth a second trip, in dollars (kept in cents on the profile). */
export function MinSavingForm({
  cents,
  onSave,
}: {
  cents: number;
  onSave: (cents: number) => Promise<void>;
}) {
  const [text, setText] = useState((cents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => setText((cents / 100).toFixed(2)), [cents]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = Number(text.trim().replace(/^\$/, ''));
    const value = Math.round(dollars * 100);
    if (text.trim() === '' || !Number.isFinite(dollars) || value < min || value > max) {
      setError(`Enter an amount from $${min / 100} to $${(max / 100).toLocaleString('en-AU')}.`);
      return;
    }
    setError(null);
    setPending(true);
    onSave(value)
      .then(() => showToast('Saved: the smallest saving worth a second trip.', 'success'))
      .catch((e: unknown) => {
        console.error('saving the smallest saving failed', e);
        setError(describeError(e).message);
      })
      .finally(() => setPending(false));
  };
  return (
    <form className="min-saving" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="min-saving">Smallest saving worth a second trip ($)</label>
        <input
          id="min-saving"
          inputMode="decimal"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'min-saving-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <small id="min-saving-error" className="field-error">
            {error}
          </small>
        ) : null}
      </div>
      <button type="submit" className="button small" disabled={pending}>
        Save
      </button>
    </form>
  );
}
