import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { describeError } from '../../../lib/errors.ts';
import type { StapleRow } from '../api.ts';

/** What the household always has (salt, oil, pepper, water): never counted as missing. */
export function StaplesPanel({
  staples,
  onMark,
  onUnmark,
}: {
  staples: readonly StapleRow[];
  onMark: (name: string) => Promise<void>;
  onUnmark: (staple: StapleRow) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    onMark(name.trim())
      .then(() => setName(''))
      .catch((error: unknown) => showToast(describeError(error).message, 'error'));
  };
  return (
    <details className="card cook-staples">
      <summary>
        Always in stock <span className="badge soft">{staples.length}</span>
      </summary>
      <p className="small muted">Staples never count as missing: salt, oil, pepper, water…</p>
      {staples.length > 0 ? (
        <ul className="cook-staple-list" aria-label="Staples">
          {staples.map((s) => (
            <li key={s.id}>
              {s.name}
              <button
                type="button"
                className="button ghost small"
                aria-label={`Remove ${s.name} from staples`}
                onClick={() =>
                  void onUnmark(s).catch((error: unknown) => showToast(describeError(error).message, 'error'))
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="cook-staple-form" onSubmit={submit}>
        <label htmlFor="staple-name">Staple</label>
        <input
          id="staple-name"
          value={name}
          maxLength={LIMITS.itemName.max}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. olive oil"
        />
        <button type="submit" className="button small">
          Mark as staple
        </button>
      </form>
    </details>
  );
}
