import { type ReactNode, useState } from 'react';
import { formatAmountText } from '../../../../shared/display/amount.ts';
import { ItemForm, type ItemValues } from './item-form.tsx';

/**
 * An item's amount as recipe lines show it (spec 9): fractions snap, units are pluralised, pieces
 * show as the number alone; an item without a unit is a count ('2' of stock). Nothing when the
 * quantity is unknown.
 */
export function itemAmount(item: { quantity: number | null; unit: string | null }): string {
  const q = item.quantity;
  if (typeof q !== 'number' || !Number.isFinite(q) || q < 0) return '';
  if (q === 0) return item.unit ? `0 ${item.unit}` : '0';
  return formatAmountText(q, item.unit ?? 'piece');
}

/** One pantry or shopping row: shows the item, or its edit form; the caller supplies extra controls. */
export function ItemRow({
  item,
  context,
  leading,
  detail,
  onSave,
  onRemove,
}: {
  item: ItemValues & { id: string; checked?: boolean };
  context: string;
  leading?: ReactNode;
  /** More about the item, under its name. */
  detail?: ReactNode;
  onSave: (values: ItemValues) => Promise<void>;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="list-item editing">
        <ItemForm
          initial={item}
          context={context}
          submitLabel="Save"
          onSubmit={(v) => onSave(v).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  const amount = itemAmount(item);
  return (
    <li className={`list-item${item.checked ? ' checked' : ''}`}>
      {leading}
      <span className="grow item-name">
        {item.name}
        {amount ? <span className="muted"> · {amount}</span> : null}
        {detail}
      </span>
      <button type="button" className="button small ghost" onClick={() => setEditing(true)}>
        Edit<span className="visually-hidden"> {item.name}</span>
      </button>
      <button type="button" className="button small ghost danger" onClick={onRemove}>
        Remove<span className="visually-hidden"> {item.name}</span>
      </button>
    </li>
  );
}
