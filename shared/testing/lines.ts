import type { RecipeLine } from '../nutrition/types.ts';
import { emptyPriceRecord, type IngredientPriceRecord, type PricedLine } from '../pricing/types.ts';

/** Builds a recipe line as supabase-js returns it (test helper). */
export function line(
  quantity: RecipeLine['quantity'],
  unit: string | null,
  name: string,
  per100g: {
    protein?: number | string | null;
    carbs?: number | string | null;
    fats?: number | string | null;
    calories?: number | string | null;
  } = {},
  id = 1,
): RecipeLine {
  return {
    quantity,
    measurements: unit === null ? null : { name: unit },
    ingredients: {
      id,
      name,
      protein: per100g.protein ?? null,
      carbs: per100g.carbs ?? null,
      fats: per100g.fats ?? null,
      calories: per100g.calories ?? null,
    },
  };
}

/** A price record with every chain empty, overridden by `fields` (test helper). */
export function priceRecord(fields: Partial<IngredientPriceRecord> = {}): IngredientPriceRecord {
  return { ...emptyPriceRecord(), ...fields };
}

/** A recipe line with a price record (test helper). */
export function pricedLine(
  quantity: RecipeLine['quantity'],
  unit: string | null,
  name: string,
  prices: IngredientPriceRecord | null,
  id = 1,
): PricedLine {
  return { ...line(quantity, unit, name, {}, id), prices };
}
