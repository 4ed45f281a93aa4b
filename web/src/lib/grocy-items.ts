import {
  itemNameField,
  itemQuantityText,
  itemUnitField,
  readField,
  useByField,
} from '../../../shared/limits/fields.ts';
import { grocyShoppingList, grocyStock } from '../../../shared/recipe-import/grocy.ts';
import { parseIngredientLine } from '../../../shared/recipe-import/ingredient-line.ts';
import { indexIngredients, matchIngredient } from '../../../shared/recipe-import/match.ts';
import { sha256 } from '../../../shared/streams/sha256.ts';
import { canonicalUnit } from '../../../shared/units/unit-spellings.ts';
import type { ItemFormValues } from '../components/ui/item-fields.ts';
import { readGrocyFile } from './grocy-db.ts';
import { ingredientOptions } from './reference-data.ts';

/** A match this sure links the item to a Larder ingredient; a weaker one keeps Grocy's name. */
const SURE_MATCH = 0.8;

/** Which of Grocy's lists: what it has in stock, or its shopping list. */
export type GrocyList = 'stock' | 'shopping';

export interface GrocyItems {
  /** Grocy's lines as items: in Larder's units (a count with none), linked where sure. */
  items: ItemFormValues[];
  /** Grocy's lines that cannot be items (an amount or name beyond an item's limits). */
  left: string[];
  /** The file's SHA-256 (hex), to know it again. */
  checksum: string;
}

/**
 * What a Grocy database (data/grocy.db, alone or in its data folder zipped) has in stock, or on
 * its shopping list, as pantry or shopping items: each line read as an import reads an
 * ingredient line ("10 Pieces Egg": 10, egg), held to the items' own limits; stock keeps its
 * soonest best-before day as the use-by day. Read in the browser; an ExportError says why a file
 * is refused.
 */
export async function readGrocyItems(file: File, list: GrocyList): Promise<GrocyItems> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const [tables, known, checksum] = await Promise.all([
    readGrocyFile(file.name, bytes),
    ingredientOptions(),
    sha256(bytes),
  ]);
  const index = indexIngredients(known);
  const lines =
    list === 'stock' ? grocyStock(tables) : grocyShoppingList(tables).map((line) => ({ line, useBy: null }));
  const items: ItemFormValues[] = [];
  const left: string[] = [];
  for (const { line, useBy } of lines) {
    const parsed = parseIngredientLine(line);
    const match = parsed.unread ? null : matchIngredient(parsed.name, index);
    const sure = match && match.confidence >= SURE_MATCH ? match.ingredient : null;
    const name = readField(itemNameField, sure?.name ?? parsed.name);
    const quantity = readField(itemQuantityText, parsed.quantity ?? '');
    // Grocy counts in Pieces; an item counts with no unit, as the item form writes one ("egg, 6").
    const counted = canonicalUnit(parsed.unit) === 'piece' || canonicalUnit(parsed.unit) === 'unit';
    const unit = readField(itemUnitField, counted ? '' : (parsed.unit ?? ''));
    const day = readField(useByField, useBy ?? '');
    if (!name.ok || !quantity.ok || !unit.ok) left.push(line);
    else
      items.push({
        name: name.value,
        ingredient_id: sure?.id ?? null,
        quantity: quantity.value,
        unit: unit.value,
        ...(list === 'stock' ? { use_by: day.ok ? day.value : null } : {}),
      });
  }
  return { items, left, checksum };
}
