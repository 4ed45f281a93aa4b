import { useState } from 'react';
import { describeUseBy } from '../../../../../shared/dates/use-by.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { itemAmount } from '../../../components/ui/item-row.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { describeError } from '../../../lib/errors.ts';
import type { GrocyPantry } from '../from-grocy.ts';
import { addAllToPantry } from '../store.ts';

/**
 * Bring your pantry from Grocy: choose its database, see what it has in stock as pantry items,
 * add them all. The reader (SQLite, the line reader, the field rules) loads when a file is chosen.
 */
export function FromGrocy({ householdId, today }: { householdId: string; today: string }) {
  const [found, setFound] = useState<GrocyPantry | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const read = (file: File) => {
    setBusy(true);
    setProblem(null);
    setFound(null);
    import('../from-grocy.ts')
      .then(({ readGrocyPantry }) => readGrocyPantry(file))
      .then(setFound)
      .catch((e: unknown) => setProblem(describeError(e).message))
      .finally(() => setBusy(false));
  };
  const add = (pantry: GrocyPantry) => {
    setBusy(true);
    addAllToPantry(householdId, pantry.items)
      .then(({ added, merged }) => {
        setFound(null);
        showToast(
          `Brought ${pantry.items.length} ${pantry.items.length === 1 ? 'item' : 'items'} from Grocy: ${added} new, ${merged} added to what was there.`,
          'success',
        );
      })
      .catch((e: unknown) => setProblem(describeError(e).message))
      .finally(() => setBusy(false));
  };
  return (
    <details className="card from-grocy">
      <summary>Bring your pantry from Grocy</summary>
      <div className="field">
        <label htmlFor="grocy-file">
          Grocy's database (grocy.db from its data folder, or the folder zipped)
        </label>
        <input
          id="grocy-file"
          type="file"
          accept=".db,.sqlite,.zip,application/vnd.sqlite3,application/zip"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) read(file);
            e.target.value = '';
          }}
        />
        <small className="hint">It is read on this device; nothing is added until you say so.</small>
      </div>
      <FormError message={problem} />
      {found ? (
        <Preview pantry={found} today={today} busy={busy} onAdd={add} onCancel={() => setFound(null)} />
      ) : null}
    </details>
  );
}

function Preview({
  pantry,
  today,
  busy,
  onAdd,
  onCancel,
}: {
  pantry: GrocyPantry;
  today: string;
  busy: boolean;
  onAdd: (pantry: GrocyPantry) => void;
  onCancel: () => void;
}) {
  const { items, left } = pantry;
  if (items.length === 0 && left.length === 0) return <p role="status">Grocy has nothing in stock.</p>;
  return (
    <div className="stack">
      <p role="status">
        Grocy has {items.length} {items.length === 1 ? 'item' : 'items'} in stock
        {items.length > 0 ? ' to add to this pantry' : ''}:
      </p>
      <ul className="grocy-stock">
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list fixed while shown, where two of Grocy's products may be one Larder item
          <li key={i}>
            {item.name}
            {itemAmount(item) ? ` · ${itemAmount(item)}` : ''}
            {item.use_by ? <span className="muted"> · {describeUseBy(item.use_by, today)}</span> : null}
          </li>
        ))}
      </ul>
      {left.length > 0 ? (
        <p className="small">Left out (beyond what a pantry item can hold): {left.join('; ')}.</p>
      ) : null}
      <div className="row">
        {items.length > 0 ? (
          <button type="button" className="button primary" disabled={busy} onClick={() => onAdd(pantry)}>
            Add {items.length} {items.length === 1 ? 'item' : 'items'} to the pantry
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
