import { useState } from 'react';
import { describeUseBy } from '../../../../shared/dates/use-by.ts';
import { describeError } from '../../lib/errors.ts';
import type { GrocyItems, GrocyList } from '../../lib/grocy-items.ts';
import { FormError } from './form-error.tsx';
import type { ItemFormValues } from './item-fields.ts';
import { itemAmount } from './item-row.tsx';
import { showToast } from './toast.tsx';

const WORDS = {
  stock: {
    title: 'Bring your pantry from Grocy',
    found: (n: string) => `Grocy has ${n} in stock`,
    add: (n: string) => `Add ${n} to the pantry`,
  },
  shopping: {
    title: 'Bring your shopping list from Grocy',
    found: (n: string) => `Grocy's shopping list has ${n} still to buy`,
    add: (n: string) => `Add ${n} to the list`,
  },
} as const;

const count = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Bring the pantry (Grocy's stock) or the shopping list from Grocy: choose its database, see its
 * lines as items, add them all. The reader (SQLite, the line reader, the field rules) loads when
 * a file is chosen. `onAdd` adds them and says what it did.
 */
export function FromGrocy({
  list,
  today,
  onAdd,
}: {
  list: GrocyList;
  today: string;
  onAdd: (items: ItemFormValues[]) => Promise<string>;
}) {
  const [found, setFound] = useState<GrocyItems | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = WORDS[list];
  const read = (file: File) => {
    setBusy(true);
    setProblem(null);
    setFound(null);
    import('../../lib/grocy-items.ts')
      .then(({ readGrocyItems }) => readGrocyItems(file, list))
      .then(setFound)
      .catch((e: unknown) => setProblem(describeError(e).message))
      .finally(() => setBusy(false));
  };
  const add = (items: ItemFormValues[]) => {
    setBusy(true);
    onAdd(items)
      .then((said) => {
        setFound(null);
        showToast(said, 'success');
      })
      .catch((e: unknown) => setProblem(describeError(e).message))
      .finally(() => setBusy(false));
  };
  const { items = [], left = [] } = found ?? {};
  return (
    <details className="card from-grocy">
      <summary>{words.title}</summary>
      <div className="field">
        <label htmlFor={`grocy-${list}`}>
          Grocy's database (grocy.db from its data folder, or the folder zipped)
        </label>
        <input
          id={`grocy-${list}`}
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
        <div className="stack">
          <p role="status">
            {words.found(count(items.length))}
            {items.length > 0 ? ':' : '.'}
          </p>
          <ul className="grocy-items">
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
            <p className="small">Left out (beyond what an item can hold): {left.join('; ')}.</p>
          ) : null}
          <div className="row">
            {items.length > 0 ? (
              <button type="button" className="button primary" disabled={busy} onClick={() => add(items)}>
                {words.add(count(items.length))}
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
