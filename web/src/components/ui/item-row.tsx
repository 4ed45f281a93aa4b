import { type ReactNode, useState } from 'react';
import { countedAs, formatAmountText } from '../../../../shared/display/amount.ts';
import type { ItemFormValues } from './item-fields.ts';
import { ItemForm } from './item-form.tsx';
import { LineIcon } from './line-icon.tsx';

/**
 * An item's amount as recipe lines show it (spec 9): fractions snap, units are pluralised, pieces
 * show as the number alone; an item without a unit is a count ('2' of stock), named where the
 * converter names one of it ('12 slices' of bread, not '12'). Nothing when the quantity is unknown.
 */
export function itemAmount(item: { name: string; quantity: number | null; unit: string | null }): string {
  const q = item.quantity;
  if (typeof q !== 'number' || !Number.isFinite(q) || q < 0) return '';
  if (q === 0) return item.unit ? `0 ${item.unit}` : '0';
  return formatAmountText(q, countedAs(item.unit, item.name));
}

/** Pencil and bin: on a phone the row's buttons show these alone, so the item's name keeps the width. */
const BUTTONS = {
  edit: { label: 'Edit', className: '', icon: 'M4 20h4L18.5 9.5a2.12 2.12 0 0 0-3-3L5 17v3zM13.5 7.5l3 3' },
  remove: {
    label: 'Remove',
    className: ' danger',
    icon: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  },
} as const;

function RowButton({
  kind,
  name,
  onClick,
}: {
  kind: keyof typeof BUTTONS;
  name: string;
  onClick: () => void;
}) {
  const { label, className, icon } = BUTTONS[kind];
  return (
    <button type="button" className={`button small ghost row-button${className}`} onClick={onClick}>
      <LineIcon d={icon} size={18} />
      <span className="row-button-label">{label}</span>
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

/** One pantry or shopping row: shows the item, or its edit form; the caller supplies extra controls. */
export function ItemRow({
  item,
  context,
  withUseBy = false,
  leading,
  detail,
  onSave,
  onRemove,
}: {
  item: ItemFormValues & { id: string; checked?: boolean };
  context: string;
  /** A pantry row: its form edits the use-by day too. */
  withUseBy?: boolean;
  leading?: ReactNode;
  /** More about the item, under its name. */
  detail?: ReactNode;
  onSave: (values: ItemFormValues) => Promise<void>;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="list-item editing">
        <ItemForm
          initial={item}
          context={context}
          withUseBy={withUseBy}
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
        {amount ? <span className="muted item-amount"> · {amount}</span> : null}
        {detail}
      </span>
      <RowButton kind="edit" name={item.name} onClick={() => setEditing(true)} />
      <RowButton kind="remove" name={item.name} onClick={onRemove} />
    </li>
  );
}
