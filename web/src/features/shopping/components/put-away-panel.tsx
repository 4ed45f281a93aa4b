import { fieldUnit } from '../../../../../shared/display/amount.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import type { ShoppingItem } from '../api.ts';
import {
  closePutAway,
  holdAmount,
  putAwayTicked,
  typeAmount,
  undoLastPutAway,
  usePutAway,
} from '../put-away-store.ts';
import { failed } from './shopping-row.tsx';

/**
 * Put the shopping away (issue 25): the ticked lines with what was bought (the chain's whole
 * packs, or a typed amount), moved into the pantry in one action, and undone in one.
 */
export function PutAwayPanel({
  householdId,
  ticked,
}: {
  householdId: string;
  ticked: readonly ShoppingItem[];
}) {
  const { amounts, busy, errors } = usePutAway();
  if (amounts === null) return null;
  const submit = () =>
    void putAwayTicked(householdId, ticked)
      .then((moved) => {
        if (moved !== null)
          showToast(`Put ${moved} ${moved === 1 ? 'item' : 'items'} away in the pantry.`, 'success');
      })
      .catch(failed('put the shopping away'));
  return (
    <section className="card put-away" aria-labelledby="put-away-title">
      <h2 id="put-away-title">Put the shopping away</h2>
      <p className="small muted">What you bought goes into the pantry, added to what is there.</p>
      <ul className="list">
        {ticked.map((item) => {
          const amount = amounts[item.id];
          const error = errors[item.id];
          return (
            <li key={item.id} className="list-item put-away-line">
              <label className="field">
                <span>
                  {item.name}
                  {amount?.unit ? ` (${fieldUnit(amount.unit, item.name)})` : ''}
                </span>
                <input
                  // A new key when packs are priced, so the field shows them (typed amounts are kept).
                  key={amount?.packs ?? 'own'}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  defaultValue={amount && Number.isFinite(amount.quantity) ? amount.quantity : ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `put-away-error-${item.id}` : undefined}
                  onFocus={() => holdAmount(item.id)}
                  onChange={(e) => typeAmount(item.id, e.target.value)}
                />
              </label>
              {amount?.packs ? <span className="small muted">{amount.packs}</span> : null}
              {error ? (
                <span id={`put-away-error-${item.id}`} className="form-error small" role="alert">
                  {error}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="put-away-actions">
        <button type="button" className="button primary" disabled={busy} onClick={submit}>
          Put away
        </button>
        <button type="button" className="button" onClick={closePutAway}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** After putting away: what moved, and the one-tap undo. */
export function PutAwayDone({ householdId }: { householdId: string }) {
  const { last } = usePutAway();
  if (!last) return null;
  const undo = () =>
    void undoLastPutAway(householdId)
      .then((notes) =>
        showToast(['Put back on the list.', ...notes].join(' '), notes.length ? 'info' : 'success'),
      )
      .catch(failed('undo putting away'));
  return (
    <p className="put-away-done" role="status">
      {last.moved} {last.moved === 1 ? 'item' : 'items'} put away in the pantry.{' '}
      <button type="button" className="button small" onClick={undo}>
        Undo
      </button>
    </p>
  );
}
