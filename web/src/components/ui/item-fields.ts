import {
  itemNameField,
  itemQuantityText,
  itemUnitField,
  readField,
} from '../../../../shared/limits/fields.ts';
import type { Named } from '../../lib/reference-data.ts';

/** A pantry or shopping item as saved. */
export interface ItemValues {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
}

/** An item as typed in the form. */
export interface ItemText {
  name: string;
  quantity: string;
  unit: string;
}

export type ItemPart = keyof ItemText;
export type ItemErrors = Partial<Record<ItemPart, string>>;

const FIELDS = { name: itemNameField, quantity: itemQuantityText, unit: itemUnitField } as const;

/** The message for one part of an item (shared's item fields), or null. */
export function checkItemPart(text: ItemText, part: ItemPart): string | null {
  const read = readField(FIELDS[part], text[part]);
  return read.ok ? null : read.message;
}

/**
 * The item as the database stores it (name normalised, '1 1/2' read as 1.5, limits of
 * shared/limits), linked to a known ingredient when its name is one; or every message at once.
 */
export function readItem(
  text: ItemText,
  known: readonly Named[],
): { ok: true; values: ItemValues } | { ok: false; errors: ItemErrors } {
  const name = readField(itemNameField, text.name);
  const quantity = readField(itemQuantityText, text.quantity);
  const unit = readField(itemUnitField, text.unit);
  if (!name.ok || !quantity.ok || !unit.ok) {
    const errors: ItemErrors = {};
    if (!name.ok) errors.name = name.message;
    if (!quantity.ok) errors.quantity = quantity.message;
    if (!unit.ok) errors.unit = unit.message;
    return { ok: false, errors };
  }
  const match = known.find((k) => k.name.toLowerCase() === name.value.toLowerCase());
  return {
    ok: true,
    values: {
      name: match?.name ?? name.value,
      ingredient_id: match?.id ?? null,
      quantity: quantity.value,
      unit: unit.value,
    },
  };
}
