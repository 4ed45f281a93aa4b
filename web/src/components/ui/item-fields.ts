import {
  itemNameField,
  itemQuantityText,
  itemUnitField,
  readField,
  useByField,
} from '../../../../shared/limits/fields.ts';
import type { Named } from '../../lib/reference-data.ts';

/** A pantry or shopping item as saved. */
export interface ItemValues {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
}

/** What the item form gives: in the pantry, with the item's use-by day ('YYYY-MM-DD') or null. */
export interface ItemFormValues extends ItemValues {
  use_by?: string | null;
}

/** An item as typed in the form. */
export interface ItemText {
  name: string;
  quantity: string;
  unit: string;
  /** '' when not given, and always for a shopping item. */
  useBy: string;
}

export type ItemPart = keyof ItemText;
export type ItemErrors = Partial<Record<ItemPart, string>>;

const FIELDS = {
  name: itemNameField,
  quantity: itemQuantityText,
  unit: itemUnitField,
  useBy: useByField,
} as const;

/** The message for one part of an item (shared's item fields), or null. */
export function checkItemPart(text: ItemText, part: ItemPart): string | null {
  const read = readField(FIELDS[part], text[part]);
  return read.ok ? null : read.message;
}

/**
 * The item as the database stores it (name normalised, '1 1/2' read as 1.5, limits of
 * shared/limits), linked to a known ingredient when its name is one; or every message at once.
 * `withUseBy` (the pantry's form) adds its use-by day, or null.
 */
export function readItem(
  text: ItemText,
  known: readonly Named[],
  withUseBy = false,
): { ok: true; values: ItemFormValues } | { ok: false; errors: ItemErrors } {
  const name = readField(itemNameField, text.name);
  const quantity = readField(itemQuantityText, text.quantity);
  const unit = readField(itemUnitField, text.unit);
  const useBy = readField(useByField, withUseBy ? text.useBy : '');
  if (!name.ok || !quantity.ok || !unit.ok || !useBy.ok) {
    const errors: ItemErrors = {};
    if (!name.ok) errors.name = name.message;
    if (!quantity.ok) errors.quantity = quantity.message;
    if (!unit.ok) errors.unit = unit.message;
    if (!useBy.ok) errors.useBy = useBy.message;
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
      ...(withUseBy ? { use_by: useBy.value } : {}),
    },
  };
}
