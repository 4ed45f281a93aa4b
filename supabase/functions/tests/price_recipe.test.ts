import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import { type IngredientPriceRecord, type PricedLine, priceRecipe } from '../../../shared/mod.ts';
import { ANON_KEY, callFunction, newUser, serviceClient, signJwt, type TestUser } from './_helpers.ts';

type Priced = ReturnType<typeof priceRecipe> & { recipe_id: string };
type ErrorAnswer = { error: string };

const PRICE_COLUMNS =
  'ingredient_id, coles_measure, woolworths_measure, aldi_measure, coles_unit_price_current, woolworths_unit_price_current, aldi_unit_price_current, coles_unit_price_past, woolworths_unit_price_past, aldi_unit_price_past';

/**
 * The expected answer, computed by shared/ from rows read the way the web reads them (spec 7:
 * the lines with their units and ingredients, then the price records by ingredient id): a
 * different path through REST than the function's single embedded query.
 */
async function expectedPrice(
  client: SupabaseClient,
  recipeId: string,
  options: { portions?: number; scale?: number } = {},
): Promise<Priced> {
  const recipe = await client.from('recipes').select('id, portions').eq('id', recipeId).single();
  assert.equal(recipe.error, null);
  const lines = await client
    .from('recipe_ingredients')
    .select(
      'id, position, quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories)',
    )
    .eq('recipe_id', recipeId);
  assert.equal(lines.error, null);
  type Row = PricedLine & { id: string; position: number };
  const rows = (lines.data as unknown as Row[]).sort(
    (a, b) => a.position - b.position || a.id.localeCompare(b.id),
  );
  const ids = rows.flatMap((r) => (r.ingredients ? [r.ingredients.id] : []));
  const prices = await client.from('ingredient_prices').select(PRICE_COLUMNS).in('ingredient_id', ids);
  assert.equal(prices.error, null);
  const byId = new Map(
    (prices.data as unknown as (IngredientPriceRecord & { ingredient_id: number })[]).map(
      ({ ingredient_id, ...record }) => [ingredient_id, record],
    ),
  );
  const priced = priceRecipe(
    rows.map((r) => ({
      quantity: r.quantity,
      measurements: r.measurements,
      ingredients: r.ingredients,
      prices: r.ingredients ? (byId.get(r.ingredients.id) ?? null) : null,
    })),
    { portions: options.portions ?? recipe.data.portions, scale: options.scale ?? 1 },
  );
  return { recipe_id: recipeId, ...priced };
}

async function price(user: TestUser, body: unknown) {
  return await callFunction<Priced>('price-recipe', { token: user.token, json: body });
}

let seeded: { user: TestUser; recipes: { id: string; name: string; portions: number | null }[] } | undefined;
async function seed() {
  if (!seeded) {
    const user = await newUser('pricer');
    const { data, error } = await user.client
      .from('recipes')
      .select('id, name, portions')
      .eq('is_default', true)
      .order('name');
    assert.equal(error, null);
    seeded = { user, recipes: data ?? [] };
  }
  return seeded;
}

Deno.test('price-recipe prices every seed recipe exactly as shared/ does for the same rows', async () => {
  const { user, recipes } = await seed();
  assert.ok(recipes.length >= 10, `expected the seed's default recipes, got ${recipes.length}`);
  let available = 0;
  for (const recipe of recipes) {
    const answer = await price(user, { recipe_id: recipe.id });
    assert.equal(answer.status, 200, `${recipe.name}: ${answer.text}`);
    assert.deepEqual(answer.body, await expectedPrice(user.client, recipe.id), recipe.name);
    assert.equal(answer.body.portions, recipe.portions ?? 1);
    if (answer.body.cheapest !== null) available++;
    for (const chain of ['coles', 'woolworths', 'aldi'] as const) {
      const totals = answer.body.chains[chain];
      assert.ok(Number.isFinite(totals.total) && totals.total >= 0, `${recipe.name} ${chain} total`);
      assert.ok(totals.coverage >= 0 && totals.coverage <= 100);
    }
  }
  // The seed is priced: most default recipes have a cheapest chain.
  assert.ok(available > recipes.length / 2, `${available} of ${recipes.length} recipes priced`);
});

Deno.test('price-recipe applies portions and scale to the per-portion cost only', async () => {
  const { user, recipes } = await seed();
  const recipe = recipes.find((r) => (r.portions ?? 1) > 1) ?? recipes[0]!;
  const plain = (await price(user, { recipe_id: recipe.id })).body;
  for (const [portions, scale] of [
    [1, 1],
    [3, 2],
    [1000, 100],
    [7, 0.25],
  ] as const) {
    const answer = await price(user, { recipe_id: recipe.id, portions, scale });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.portions, portions);
    assert.equal(answer.body.scale, scale);
    assert.deepEqual(answer.body, await expectedPrice(user.client, recipe.id, { portions, scale }));
    for (const chain of ['coles', 'woolworths', 'aldi'] as const) {
      assert.equal(answer.body.chains[chain].total, plain.chains[chain].total);
    }
  }
  // null means "not given": the recipe's portions and a scale of 1.
  const defaults = await price(user, { recipe_id: recipe.id, portions: null, scale: null });
  assert.deepEqual(defaults.body, plain);
});

Deno.test('price-recipe refuses portions and scale it cannot use, with a clear 400', async () => {
  const { user, recipes } = await seed();
  const recipe_id = recipes[0]!.id;
  const portionsMessage = 'portions must be a whole number from 1 to 1000.';
  const scaleMessage = 'scale must be a number above 0 and at most 100.';
  const cases: [Record<string, unknown>, string][] = [
    [{ portions: 0 }, portionsMessage],
    [{ portions: -2 }, portionsMessage],
    [{ portions: 1.5 }, portionsMessage],
    [{ portions: 1001 }, portionsMessage],
    [{ portions: '2' }, portionsMessage],
    [{ portions: true }, portionsMessage],
    [{ scale: 0 }, scaleMessage],
    [{ scale: -1 }, scaleMessage],
    [{ scale: 100.5 }, scaleMessage],
    [{ scale: '1' }, scaleMessage],
    [{ scale: [] }, scaleMessage],
  ];
  for (const [extra, message] of cases) {
    const answer = await callFunction<ErrorAnswer>('price-recipe', {
      token: user.token,
      json: { recipe_id, ...extra },
    });
    assert.equal(answer.status, 400, `${JSON.stringify(extra)}: ${answer.text}`);
    assert.deepEqual(answer.body, { error: message }, JSON.stringify(extra));
  }
  // JSON has no NaN or Infinity: 1e999 parses to Infinity and is refused too.
  const infinite = await callFunction<ErrorAnswer>('price-recipe', {
    token: user.token,
    body: `{"recipe_id":"${recipe_id}","scale":1e999}`,
  });
  assert.equal(infinite.status, 400);
  assert.deepEqual(infinite.body, { error: scaleMessage });
});

Deno.test('price-recipe answers 400 for a missing or malformed recipe_id and hostile bodies', async () => {
  const { user } = await seed();
  const cases: [BodyInit, string][] = [
    ['{}', 'recipe_id is required.'],
    ['{"recipe_id": 12}', 'recipe_id must be a string.'],
    ['{"recipe_id": "12"}', 'recipe_id must be a UUID.'],
    [`{"recipe_id": "' or 1=1 --"}`, 'recipe_id must be a UUID.'],
    ['{"recipe_id": "00000000-0000-0000-0000-000000000000,1"}', 'recipe_id must be a UUID.'],
    ['[]', 'The request body must be a JSON object.'],
    ['not json', 'The request body is not valid JSON.'],
    ['', 'The request body must be a JSON object.'],
    [`{"recipe_id":"${'a'.repeat(20_000)}"}`, 'The request body is too large (at most 16 KB).'],
  ];
  for (const [body, message] of cases) {
    const answer = await callFunction<ErrorAnswer>('price-recipe', { token: user.token, body });
    assert.equal(answer.status, 400, `${String(body).slice(0, 60)}: ${answer.text}`);
    assert.deepEqual(answer.body, { error: message });
  }
});

Deno.test("price-recipe answers 404 for another user's private recipe and for unknown ids", async () => {
  const owner = await newUser('owner');
  const stranger = await newUser('stranger');
  const { data, error } = await owner.client
    .from('recipes')
    .insert({ name: 'Secret stew', portions: 2 })
    .select('id')
    .single();
  assert.equal(error, null);
  assert.equal((await price(owner, { recipe_id: data!.id })).status, 200);
  for (const recipe_id of [data!.id, crypto.randomUUID()]) {
    const answer = await callFunction<ErrorAnswer>('price-recipe', {
      token: stranger.token,
      json: { recipe_id },
    });
    assert.equal(answer.status, 404, answer.text);
    assert.deepEqual(answer.body, { error: 'Recipe not found.' });
  }
});

Deno.test('price-recipe needs a signed-in user', async () => {
  const { recipes } = await seed();
  const json = { recipe_id: recipes[0]!.id };
  assert.equal((await callFunction('price-recipe', { token: null, json })).status, 401);
  const anon = await callFunction<ErrorAnswer>('price-recipe', { token: ANON_KEY, json });
  assert.equal(anon.status, 401);
  assert.deepEqual(anon.body, { error: 'You must be signed in.' });
});

Deno.test('price-recipe explains unpriced and unparseable lines and withholds availability', async () => {
  const service = serviceClient();
  const tag = crypto.randomUUID().slice(0, 8);
  const made = await service
    .from('ingredients')
    .insert([
      {
        name: `test flour ${tag}`,
        protein: 10,
        carbs: 70,
        fats: 1,
        calories: 350,
        source: 'AFCD',
        source_id: 'T1',
      },
      {
        name: `test spice ${tag}`,
        protein: 0,
        carbs: 0,
        fats: 0,
        calories: 0,
        source: 'AFCD',
        source_id: 'T2',
      },
    ])
    .select('id, name');
  assert.equal(made.error, null, String(made.error?.message));
  const [flour, spice] = made.data as { id: number; name: string }[];
  // Flour: Coles stocks it, Woolworths' pack measure is gibberish, Aldi's price is 0. Spice: no record.
  const record = await service.from('ingredient_prices').insert({
    ingredient_id: flour!.id,
    coles_measure: '1kg',
    coles_unit_price_current: 2.5,
    coles_unit_price_past: 2,
    woolworths_measure: 'a bag',
    woolworths_unit_price_current: 3,
    aldi_measure: '1kg',
    aldi_unit_price_current: 0,
    price_date: '2026-01-01',
  });
  assert.equal(record.error, null, String(record.error?.message));

  const user = await newUser('lines');
  const recipe = await user.client
    .from('recipes')
    .insert({ name: 'Odd bake', portions: null })
    .select('id')
    .single();
  assert.equal(recipe.error, null);
  const grams = await user.client.from('measurements').select('id').eq('name', 'g').single();
  const inserted = await user.client.from('recipe_ingredients').insert([
    {
      recipe_id: recipe.data!.id,
      ingredient_id: flour!.id,
      quantity: '500',
      measurement_id: grams.data!.id,
      position: 0,
    },
    // No quantity (the database refuses text like 'a handful or so'): it counts as 0.
    { recipe_id: recipe.data!.id, ingredient_id: flour!.id, quantity: null, position: 1 },
    { recipe_id: recipe.data!.id, ingredient_id: spice!.id, quantity: 'to taste', position: 2 },
  ]);
  assert.equal(inserted.error, null, String(inserted.error?.message));

  const answer = await price(user, { recipe_id: recipe.data!.id });
  assert.equal(answer.status, 200, answer.text);
  const body = answer.body;
  assert.deepEqual(body, await expectedPrice(user.client, recipe.data!.id));
  assert.equal(body.portions, 1, 'a recipe without portions counts as 1');
  assert.deepEqual(
    body.lines.map((l) => [l.name, l.quantity, l.grams]),
    [
      [flour!.name, 500, 500],
      [flour!.name, 0, 0],
      [spice!.name, 0, 0],
    ],
  );
  assert.deepEqual(body.lines[0]!.prices, {
    coles: { price: 1.25 },
    woolworths: { price: null, reason: 'unparseable measure' },
    aldi: { price: null, reason: 'no price' },
  });
  assert.deepEqual(body.lines[2]!.prices.coles, { price: null, reason: 'no price record' });
  assert.equal(body.chains.coles.priced, 2);
  assert.equal(body.chains.coles.coverage, 66);
  assert.equal(body.chains.coles.available, false);
  assert.equal(body.chains.coles.total, 1.25);
  assert.equal(body.chains.coles.change_percent, 25);
  assert.equal(body.chains.woolworths.priced, 0);
  assert.equal(body.cheapest, null);
});

Deno.test('price-recipe prices a recipe without lines as nothing available', async () => {
  const user = await newUser('empty');
  const recipe = await user.client.from('recipes').insert({ name: 'Air', portions: 3 }).select('id').single();
  const answer = await price(user, { recipe_id: recipe.data!.id, scale: 2 });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(answer.body.lines, []);
  assert.equal(answer.body.cheapest, null);
  assert.deepEqual(answer.body.chains.aldi, {
    total: 0,
    per_portion: 0,
    past_total: 0,
    change_percent: 0,
    priced: 0,
    coverage: 0,
    available: false,
  });
});

Deno.test('price-recipe answers a token whose subject is no user with 401, not a database error', async () => {
  const { recipes } = await seed();
  const token = await signJwt({ role: 'authenticated', sub: 'not-a-uuid', aud: 'authenticated' });
  const answer = await callFunction<ErrorAnswer>('price-recipe', {
    token,
    json: { recipe_id: recipes[0]!.id },
  });
  assert.equal(answer.status, 401, answer.text);
  assert.deepEqual(answer.body, { error: 'You must be signed in.' });
});
