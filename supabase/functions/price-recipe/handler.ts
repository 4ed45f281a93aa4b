import { z } from 'zod';
import { requireUser } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { callerClient } from '../_shared/clients.ts';
import {
  type IngredientPriceRecord,
  PRICE_RECORD_SELECT,
  type PricedLine,
  priceRecipe,
} from '../_shared/domain.ts';
import { HttpError, json } from '../_shared/http.ts';

export const MAX_PORTIONS = 1000;
export const MAX_SCALE = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Body = z.object({
  recipe_id: z
    .string({
      error: (i) => (i.input === undefined ? 'recipe_id is required.' : 'recipe_id must be a string.'),
    })
    .regex(UUID, { error: 'recipe_id must be a UUID.' }),
  portions: z
    .number({ error: `portions must be a whole number from 1 to ${MAX_PORTIONS}.` })
    .int({ error: `portions must be a whole number from 1 to ${MAX_PORTIONS}.` })
    .min(1, { error: `portions must be a whole number from 1 to ${MAX_PORTIONS}.` })
    .max(MAX_PORTIONS, { error: `portions must be a whole number from 1 to ${MAX_PORTIONS}.` })
    .nullish(),
  scale: z
    .number({ error: `scale must be a number above 0 and at most ${MAX_SCALE}.` })
    .gt(0, { error: `scale must be a number above 0 and at most ${MAX_SCALE}.` })
    .max(MAX_SCALE, { error: `scale must be a number above 0 and at most ${MAX_SCALE}.` })
    .nullish(),
});

/**
 * The recipe, its lines, their units, ingredients and price records in ONE request: PostgREST
 * embeds them through the foreign keys, and row-level security hides a recipe the caller may not
 * see (the answer is then no row at all).
 */
const SELECT = `id, portions, recipe_ingredients(id, position, quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories, ingredient_prices(${PRICE_RECORD_SELECT})))`;

interface LoadedLine extends Omit<PricedLine, 'prices' | 'ingredients'> {
  id: string;
  position: number | null;
  ingredients:
    | (NonNullable<PricedLine['ingredients']> & {
        ingredient_prices: IngredientPriceRecord | IngredientPriceRecord[] | null;
      })
    | null;
}

interface LoadedRecipe {
  id: string;
  portions: number | null;
  recipe_ingredients: LoadedLine[];
}

/**
 * POST price-recipe `{recipe_id, portions?, scale?}` → 200 (CONTRACTS 4): per chain the total,
 * per-portion cost, past total, change, priced count, coverage and availability, the cheapest
 * available chain, and per line the grams needed and each chain's price or why there is none.
 * The arithmetic is `shared/`'s `priceRecipe`; this function only loads and validates.
 */
export async function priceRecipeHandler(req: Request): Promise<Response> {
  const caller = requireUser(req);
  const input = await readJson(req, Body);

  const { data, error } = await callerClient(caller)
    .from('recipes')
    .select(SELECT)
    .eq('id', input.recipe_id)
    .maybeSingle<LoadedRecipe>();
  if (error) throw new Error(`loading recipe ${input.recipe_id} failed: ${error.code} ${error.message}`);
  if (data === null) throw new HttpError(404, 'Recipe not found.');

  const lines: PricedLine[] = [...data.recipe_ingredients]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id.localeCompare(b.id))
    .map((line) => {
      const { ingredient_prices: prices, ...ingredient } = line.ingredients ?? { ingredient_prices: null };
      return {
        quantity: line.quantity,
        measurements: line.measurements,
        ingredients:
          line.ingredients === null ? null : (ingredient as NonNullable<PricedLine['ingredients']>),
        // A one-to-one embed is an object in PostgREST 11+, an array before; accept both.
        prices: (Array.isArray(prices) ? prices[0] : prices) ?? null,
      };
    });

  const priced = priceRecipe(lines, {
    portions: input.portions ?? data.portions,
    scale: input.scale ?? 1,
  });
  return json(200, { recipe_id: data.id, ...priced });
}
