import { displayAmount as sharedDisplayAmount } from '../../../../shared/display/amount.ts';
import { parseQuantity } from '../../../../shared/quantity/parse.ts';
import type { Recipe } from './api.ts';

// A recipe's lines as its page shows them and sends them to the list: kept apart from the
// list's views (derive.ts), so the recipe list loads without the units' display rules.

export interface DisplayLine {
  key: string;
  /** The line's ingredient, whose prices its name links to; null for a line without one. */
  ingredientId: number | null;
  name: string;
  amount: string;
  note: string | null;
}

/**
 * A line's amount as shared's displayAmount shows it (spec 9), for `scale` times the recipe; a
 * text quantity such as 'to taste' is shown as written.
 */
export function displayAmount(
  quantityText: string | null,
  unit: string | null,
  name: string,
  scale: number,
): string {
  const shown = sharedDisplayAmount(parseQuantity(quantityText) * scale, unit, name).text;
  return shown === '' ? (quantityText?.trim() ?? '') : shown;
}

export function displayLines(recipe: Recipe, scale: number): DisplayLine[] {
  return [...recipe.recipe_ingredients]
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      const name = line.ingredients?.name ?? 'Unknown ingredient';
      return {
        key: line.id,
        ingredientId: line.ingredients?.id ?? null,
        name,
        amount: displayAmount(line.quantity, line.measurements?.name ?? null, name, scale),
        note: line.note,
      };
    });
}

/** A recipe's lines as shopping items (quantities scaled, missing unit = grams, 'to taste' kept unquantified). */
export function shoppingLinesOf(recipe: Recipe, scale = 1) {
  return recipe.recipe_ingredients
    .filter((line) => line.ingredients)
    .map((line) => {
      const qty = parseQuantity(line.quantity) * scale;
      return {
        name: line.ingredients!.name,
        ingredient_id: line.ingredients!.id,
        quantity: qty > 0 ? Math.round(qty * 100) / 100 : null,
        unit: qty > 0 ? (line.measurements?.name ?? 'g') : null,
      };
    });
}
