import { type ReactNode, useState } from 'react';
import { describeError } from '../../lib/errors.ts';
import { FormError } from './form-error.tsx';
import { showToast } from './toast.tsx';

/**
 * Something of Grocy's brought into Larder (its stock, shopping list or meal plan): choose its
 * database, see what would come, add it all or cancel. `read` reads the file (on this device),
 * `show` shows what it found, `addLabel` names the button (null: nothing to add) and `add`
 * adds it and says what it did.
 */
export function GrocyFileCard<T>({
  id,
  title,
  read,
  show,
  addLabel,
  add,
}: {
  id: string;
  title: string;
  read: (file: File) => Promise<T>;
  show: (found: T) => ReactNode;
  addLabel: (found: T) => string | null;
  add: (found: T) => Promise<string>;
}) {
  const [found, setFound] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = (work: Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    work.catch((e: unknown) => setProblem(describeError(e).message)).finally(() => setBusy(false));
  };
  const label = found === null ? null : addLabel(found);
  return (
    <details className="card from-grocy">
      <summary>{title}</summary>
      <div className="field">
        <label htmlFor={id}>Grocy's database (grocy.db from its data folder, or the folder zipped)</label>
        <input
          id={id}
          type="file"
          accept=".db,.sqlite,.zip,application/vnd.sqlite3,application/zip"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) {
              setFound(null);
              run(read(file).then(setFound));
            }
            e.target.value = '';
          }}
        />
        <small className="hint">It is read on this device; nothing is added until you say so.</small>
      </div>
      <FormError message={problem} />
      {found !== null ? (
        <div className="stack">
          {show(found)}
          <div className="row">
            {label ? (
              <button
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() =>
                  run(
                    add(found).then((said) => {
                      setFound(null);
                      showToast(said, 'success');
                    }),
                  )
                }
              >
                {label}
              </button>
            ) : null}
            <button type="button" className="button" disabled={busy} onClick={() => setFound(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </details>
  );
}
