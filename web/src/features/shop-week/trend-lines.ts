import type { RecipeLine } from '../../../../shared/nutrition/index.ts';

interface ListLine {
  name: string;
  ingredient_id: number | null;
  quantity: number | null;
  unit: string | null;
  checked: boolean;
}

/**
 * The unticked lines of the list with an ingredient, in the shape shared costTrend prices (a
 * recipe's lines), so the basket's 12-week trend and specials use the recipe's rules. Nutrition
 * is not read by the price rules, so it is left unknown.
 */
export function basketTrendLines(items: readonly ListLine[]): RecipeLine[] {
  return items.flatMap((i) =>
    i.checked || i.ingredient_id == null
      ? []
      : [
          {
            quantity: i.quantity,
            measurements: i.unit ? { name: i.unit } : null,
            ingredients: {
              id: Number(i.ingredient_id),
              name: i.name,
              protein: null,
              carbs: null,
              fats: null,
              calories: null,
            },
          },
        ],
  );
}
