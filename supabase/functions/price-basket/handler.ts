import { z } from 'zod';
import { requireUser } from '../_shared/auth.ts';
import { readJson } from '../_shared/body.ts';
import { callerClient } from '../_shared/clients.ts';
import { LIMITS, type ListLine, listNeeds, priceBasket, type ShelfPriceRecord } from '../_shared/domain.ts';
import { activeHousehold } from '../_shared/household.ts';
import { HttpError, json } from '../_shared/http.ts';

/** A week's shop is a few dozen lines; 300 is far beyond any list, well within one request. */
export const MAX_LINES = 300;
const MAX_BODY_BYTES = 64 * 1024;

const amountMessage = `amount must be a number above 0 and at most ${LIMITS.itemQuantity.max}.`;
const Line = z.object({
  ingredient_id: z
    .number({ error: 'ingredient_id must be a whole number.' })
    .int({ error: 'ingredient_id must be a whole number.' })
    .positive({ error: 'ingredient_id must be a whole number.' }),
  amount: z
    .number({ error: amountMessage })
    .gt(0, { error: amountMessage })
    .max(LIMITS.itemQuantity.max, { error: amountMessage }),
  unit: z
    .string({ error: 'unit must be a string.' })
    .max(LIMITS.itemUnit.max, { error: `unit must be at most ${LIMITS.itemUnit.max} characters.` })
    .nullish(),
});
const Body = z.object({
  lines: z
    .array(Line, { error: 'lines must be a list of {ingredient_id, amount, unit}.' })
    .max(MAX_LINES, { error: `lines can hold at most ${MAX_LINES} items.` })
    .optional(),
});

/**
 * POST price-basket `{lines?}` → 200 `{lines, basket}` (issue 19): the caller's shopping list
 * (its unticked lines; row-level security keeps it theirs), or the posted ingredient/amount
 * lines, priced as whole packs at each chain with shared's priceBasket: packs, cost in cents,
 * leftovers, unit prices, coverage, the cheapest chain and the two-chain split. Only the price
 * rows of the list's ingredients are read, so no browser downloads the whole price table.
 */
export async function priceBasketHandler(req: Request): Promise<Response> {
  const caller = requireUser(req);
  const input = await readJson(req, Body, MAX_BODY_BYTES);
  const db = callerClient(caller);

  let wanted: ListLine[];
  let catalogue: Catalogue;
  if (input.lines !== undefined) {
    const ids = [...new Set(input.lines.map((l) => l.ingredient_id))];
    catalogue = await catalogueOf(db, ids);
    const unknown = ids.filter((id) => !catalogue.names.has(id));
    if (unknown.length > 0)
      throw new HttpError(400, `Unknown ingredient ids: ${unknown.slice(0, 10).join(', ')}.`);
    wanted = input.lines.map((l) => ({
      ingredient_id: l.ingredient_id,
      name: catalogue.names.get(l.ingredient_id) as string,
      amount: l.amount,
      unit: l.unit ?? null,
    }));
  } else {
    const { data, error } = await db
      .from('shopping')
      .select('name, ingredient_id, quantity, unit')
      .eq('household_id', await activeHousehold(db, caller.sub))
      .eq('checked', false);
    if (error) throw new Error(`loading the shopping list failed: ${error.code} ${error.message}`);
    catalogue = await catalogueOf(db, [
      ...new Set(data.flatMap((row) => (row.ingredient_id === null ? [] : [row.ingredient_id]))),
    ]);
    wanted = data.map((row) => ({
      ingredient_id: row.ingredient_id,
      name: (row.ingredient_id !== null && catalogue.names.get(row.ingredient_id)) || row.name,
      amount: row.quantity,
      unit: row.unit,
    }));
  }

  const lines = listNeeds(wanted);
  return json(200, { lines, basket: priceBasket(lines, catalogue.prices) });
}

type Db = ReturnType<typeof callerClient>;

interface Catalogue {
  /** The ingredients the caller can see (row-level security hides the rest), by id. */
  names: Map<number, string>;
  /** Their price rows, where they have one. */
  prices: Map<number, ShelfPriceRecord>;
}

/**
 * Names and price rows of these ingredients (only these, never the whole table) in one read:
 * the basket_prices view joins them in the database, a round trip fewer than reading each, and
 * holds only today's measures and prices: the past prices a full row holds cost the read a fifth
 * of its time and a basket never uses them (bench/functions.bench.ts).
 */
async function catalogueOf(db: Db, ids: readonly number[]): Promise<Catalogue> {
  const catalogue: Catalogue = { names: new Map(), prices: new Map() };
  if (ids.length === 0) return catalogue;
  const { data, error } = await db
    .from('basket_prices')
    .select('*')
    .in('ingredient_id', [...ids]);
  if (error) throw new Error(`loading prices failed: ${error.code} ${error.message}`);
  for (const { ingredient_id, name, priced, ...record } of data) {
    if (ingredient_id === null || name === null) continue;
    catalogue.names.set(ingredient_id, name);
    if (priced) catalogue.prices.set(ingredient_id, record);
  }
  return catalogue;
}
