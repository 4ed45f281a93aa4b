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
 * POST price-basket `{lines?}` → 200 `{lines, basket, sample}` (issue 19): the caller's shopping
 * list (its unticked lines; row-level security keeps it theirs), or the posted ingredient/amount
 * lines, priced as whole packs at each chain with shared's priceBasket: packs, cost in cents,
 * leftovers, unit prices, coverage, the cheapest chain and the two-chain split; `sample` is true
 * when any line is priced from sample data, so the screen says "sample prices" only then. Only
 * the price rows of the list's ingredients are read, so no browser downloads the whole price table.
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
  const sample = lines.some((l) => l.ingredient_id !== null && catalogue.sample.has(l.ingredient_id));
  return json(200, { lines, basket: priceBasket(lines, catalogue.prices), sample });
}

type Db = ReturnType<typeof callerClient>;

interface Catalogue {
  /** The ingredients the caller can see (row-level security hides the rest), by id. */
  names: Map<number, string>;
  /** Their price rows, where they have one. */
  prices: Map<number, ShelfPriceRecord>;
  /** Those whose price row is sample data (ingredient_prices.is_sample). */
  sample: Set<number>;
}

/** A built-in ingredient as read for a basket: its name and price row (null: not priced). */
interface KeptIngredient {
  name: string;
  prices: ShelfPriceRecord | null;
  sample: boolean;
}

/**
 * Built-in ingredients read by earlier calls, for any caller (every signed-in caller sees them
 * and their prices), current while prices_version is `version` (migration
 * 20261128130000_prices_version). A call that sees another version starts a new map, so an older
 * call still running fills the old one.
 */
let kept: { version: number | null; byId: Map<number, KeptIngredient> } = { version: null, byId: new Map() };
/** Far above the built-in ingredients there are; past it, the map starts again. */
const MAX_KEPT = 20_000;

type BasketRow = Awaited<ReturnType<typeof readRows>>[number];

/** The caller's basket_prices rows of these ingredients (row-level security decides which). */
async function readRows(db: Db, ids: readonly number[]) {
  const { data, error } = await db
    .from('basket_prices')
    .select('*')
    .in('ingredient_id', [...ids]);
  if (error) throw new Error(`loading prices failed: ${error.code} ${error.message}`);
  return data;
}

async function readVersion(db: Db): Promise<number | null> {
  const { data, error } = await db.from('prices_version').select('version').maybeSingle();
  if (error) throw new Error(`loading the prices version failed: ${error.code} ${error.message}`);
  return data?.version ?? null;
}

/**
 * Names and price rows of these ingredients (only these, never the whole table). Built-in ones
 * kept at the current prices version come from memory; the rest are read (the basket_prices
 * view: the name and today's measures and prices in one row), and a call with nothing to read
 * reads only the version. The price rows were most of a basket's time (bench/functions.bench.ts).
 */
async function catalogueOf(db: Db, ids: readonly number[]): Promise<Catalogue> {
  const catalogue: Catalogue = { names: new Map(), prices: new Map(), sample: new Set() };
  if (ids.length === 0) return catalogue;
  let { version, byId } = kept;
  const unkept = ids.filter((id) => !byId.has(id));
  let rows: BasketRow[] = unkept.length > 0 ? await readRows(db, unkept) : [];
  const current = rows.length > 0 ? (rows[0]?.prices_version ?? null) : await readVersion(db);
  if (current !== version || byId.size > MAX_KEPT) {
    // What was kept is of other prices: read the kept ones too.
    const stale = ids.filter((id) => byId.has(id));
    kept = { version: current, byId: new Map() };
    ({ version, byId } = kept);
    if (stale.length > 0) rows = rows.concat(await readRows(db, stale));
  }
  for (const { ingredient_id, name, priced, built_in, prices_version, is_sample, ...record } of rows) {
    if (ingredient_id === null || name === null) continue;
    const prices = priced ? record : null;
    const sample = prices !== null && is_sample === true;
    catalogue.names.set(ingredient_id, name);
    if (prices) catalogue.prices.set(ingredient_id, prices);
    if (sample) catalogue.sample.add(ingredient_id);
    if (built_in && version !== null && prices_version === version)
      byId.set(ingredient_id, { name, prices, sample });
  }
  for (const id of ids) {
    const known = byId.get(id);
    if (known === undefined || catalogue.names.has(id)) continue;
    catalogue.names.set(id, known.name);
    if (known.prices) catalogue.prices.set(id, known.prices);
    if (known.sample) catalogue.sample.add(id);
  }
  return catalogue;
}
