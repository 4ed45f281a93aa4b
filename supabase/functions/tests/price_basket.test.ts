import assert from 'node:assert/strict';
import { callFunction, newUser, serviceClient, type TestUser } from './_helpers.ts';

interface BasketAnswer {
  lines: { key: string; name: string; buy: number; base: string | null }[];
  basket: {
    chains: Record<
      string,
      {
        totalCents: number;
        priced: number;
        unpriced: string[];
        lines: {
          key: string;
          packs: number;
          costCents: number;
          leftover: number;
          pack: { label: string; loose: boolean; priceCents: number };
          unitPrice: { cents: number; per: string } | null;
        }[];
      }
    >;
    cheapest: { chain: string; totalCents: number } | null;
    split: { chains: string[]; totalCents: number; savingCents: number | null } | null;
    unpriced: string[];
  };
  sample: boolean;
}
type ErrorAnswer = { error: string };

async function ingredientId(name: string): Promise<number> {
  const { data } = await serviceClient().from('ingredients').select('id').eq('name', name).single();
  return data!.id as number;
}

/** A built-in ingredient made for one test (as the service role), without nutrition. */
async function madeIngredient(name: string): Promise<number> {
  const made = await serviceClient()
    .from('ingredients')
    .insert({ name, protein: 0, carbs: 0, fats: 0, calories: 0, source: 'AFCD', source_id: 'TEST' })
    .select('id')
    .single();
  assert.equal(made.error, null, String(made.error?.message));
  return made.data!.id as number;
}

/** Its Coles price (and nothing else), as an import would write it. */
async function priceAtColes(id: number, measure: string, dollars: number, sample?: boolean): Promise<void> {
  const { error } = await serviceClient()
    .from('ingredient_prices')
    .upsert({
      ingredient_id: id,
      coles_measure: measure,
      coles_unit_price_current: dollars,
      price_date: '2026-11-01',
      ...(sample === undefined ? {} : { is_sample: sample }),
    });
  assert.equal(error, null, String(error?.message));
}

async function dropIngredient(id: number): Promise<void> {
  await serviceClient().from('ingredient_prices').delete().eq('ingredient_id', id);
  await serviceClient().from('ingredients').delete().eq('id', id);
}

const basket = (user: TestUser, json: unknown) =>
  callFunction<BasketAnswer & ErrorAnswer>('price-basket', { token: user.token, json });

Deno.test("price-basket prices the caller's own unticked shopping list as whole packs, and no one else's", async () => {
  const [a, b] = [await newUser('basket-a'), await newUser('basket-b')];
  const milk = await ingredientId('full-cream milk');
  const oats = await ingredientId('rolled oats');
  const mine = await a.client.from('shopping').insert([
    { name: 'full-cream milk', ingredient_id: milk, quantity: 3, unit: 'L', checked: false },
    { name: 'rolled oats', ingredient_id: oats, quantity: 750, unit: 'g', checked: false },
    { name: 'birthday candles', ingredient_id: null, quantity: null, unit: null, checked: false },
    { name: 'rolled oats', ingredient_id: oats, quantity: 100, unit: 'g', checked: true },
  ]);
  assert.equal(mine.error, null, String(mine.error?.message));
  const theirs = await b.client
    .from('shopping')
    .insert({ name: 'full-cream milk', ingredient_id: milk, quantity: 50, unit: 'L' });
  assert.equal(theirs.error, null);

  const answer = await basket(a, {});
  assert.equal(answer.status, 200, answer.text);
  const { lines, basket: priced } = answer.body;
  assert.deepEqual(
    lines.map((l) => [l.name, l.base, l.buy]).sort(),
    [
      ['birthday candles', 'g', 1e-6],
      ['full-cream milk', 'mL', 3000],
      ['rolled oats', 'g', 750],
    ],
    "the ticked line and the other user's list are left out",
  );
  assert.deepEqual(priced.unpriced, ['birthday candles']);
  for (const chain of Object.values(priced.chains)) {
    assert.equal(
      chain.totalCents,
      chain.lines.reduce((s, l) => s + l.costCents, 0),
    );
  }
  assert.ok(priced.cheapest !== null, 'a chain prices milk and oats');
});

Deno.test('price-basket prices posted ingredient lines', async () => {
  const user = await newUser('basket-post');
  const milk = await ingredientId('full-cream milk');
  const answer = await basket(user, {
    lines: [
      { ingredient_id: milk, amount: 2, unit: 'cup' },
      { ingredient_id: milk, amount: 500, unit: 'mL' },
    ],
  });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(
    answer.body.lines.map((l) => [l.key, l.buy]),
    [[`i:${milk}`, 1000]],
  );
});

Deno.test('price-basket buys loose produce by weight at the kilo price, and bagged goods as packs', async () => {
  const user = await newUser('basket-loose');
  const [carrot, oats] = [await ingredientId('carrot'), await ingredientId('rolled oats')];
  const answer = await basket(user, {
    lines: [
      { ingredient_id: carrot, amount: 300, unit: 'g' },
      { ingredient_id: oats, amount: 300, unit: 'g' },
    ],
  });
  assert.equal(answer.status, 200, answer.text);
  const coles = answer.body.basket.chains.coles!.lines;
  // The seed's carrots are sold loose by the kilo; its oats come in a bag.
  const carrots = coles.find((l) => l.key === `i:${carrot}`)!;
  assert.deepEqual([carrots.pack.loose, carrots.pack.label, carrots.leftover], [true, '300g', 0]);
  assert.equal(carrots.unitPrice?.per, 'kg');
  assert.equal(carrots.costCents, Math.round((carrots.unitPrice!.cents * 300) / 1000));
  const bag = coles.find((l) => l.key === `i:${oats}`)!;
  assert.equal(bag.pack.loose, false);
  assert.ok(bag.leftover > 0, 'a bag of oats leaves some over');
});

Deno.test('price-basket prices "carrots" with no amount as a kilo, and "2" carrots as two carrots', async () => {
  const user = await newUser('basket-no-amount');
  const carrot = await ingredientId('carrot');
  const priced = async (line: Record<string, unknown>) => {
    const answer = await basket(user, { lines: [{ ingredient_id: carrot, ...line }] });
    assert.equal(answer.status, 200, answer.text);
    return answer.body.basket.chains.coles!.lines[0]!;
  };
  // A line without an amount buys one pack: of something loose, the kilo its price is for.
  const kilo = await priced({ amount: 2, unit: 'bag' });
  assert.deepEqual([kilo.pack.label, kilo.costCents], ['1kg', kilo.unitPrice!.cents]);
  // A count without a unit is carrots, weighed at their usual weight, not 2 g of them.
  const two = await priced({ amount: 2, unit: null });
  const counted = await priced({ amount: 2, unit: 'each' });
  assert.ok(Number(two.pack.label.replace('g', '')) > 100, two.pack.label);
  assert.deepEqual([two.pack.label, two.costCents], [counted.pack.label, counted.costCents]);
  // Packets on a list are the packs the shop sells: two bags of oats, not 2 g of oats.
  const oats = await ingredientId('rolled oats');
  const bags = await basket(user, { lines: [{ ingredient_id: oats, amount: 2, unit: 'packets' }] });
  const bag = bags.body.basket.chains.coles!.lines[0]!;
  assert.equal(bag.packs, 2);
  assert.equal(bag.costCents, 2 * bag.pack.priceCents);
});

Deno.test('price-basket answers bad input with a 400 that says what to fix, and writes nothing', async () => {
  const user = await newUser('basket-bad');
  const milk = await ingredientId('full-cream milk');
  const cases: [unknown, string][] = [
    [
      { lines: [{ ingredient_id: milk, amount: -1 }] },
      'lines.0.amount: amount must be a number above 0 and at most 100000.',
    ],
    [
      { lines: [{ ingredient_id: milk, amount: 1e9 }] },
      'lines.0.amount: amount must be a number above 0 and at most 100000.',
    ],
    [{ lines: [{ ingredient_id: 999_999_999, amount: 1 }] }, 'Unknown ingredient ids: 999999999.'],
    [
      { lines: [{ ingredient_id: 'milk', amount: 1 }] },
      'lines.0.ingredient_id: ingredient_id must be a whole number.',
    ],
    [{ lines: 'milk' }, 'lines must be a list of {ingredient_id, amount, unit}.'],
  ];
  for (const [json, message] of cases) {
    const answer = await basket(user, json);
    assert.equal(answer.status, 400, answer.text);
    assert.deepEqual(answer.body, { error: message });
  }
  const many = await basket(user, {
    lines: Array.from({ length: 301 }, () => ({ ingredient_id: milk, amount: 1 })),
  });
  assert.equal(many.status, 400);
  assert.deepEqual(many.body, { error: 'lines can hold at most 300 items.' });
  const huge = await basket(user, {
    lines: Array.from({ length: 10_000 }, () => ({ ingredient_id: milk, amount: 1 })),
  });
  assert.equal(huge.status, 400, huge.text);
  const malformed = await callFunction('price-basket', { token: user.token, body: '{"lines": [' });
  assert.equal(malformed.status, 400);
  assert.deepEqual(malformed.body, { error: 'The request body is not valid JSON.' });
  const { data } = await user.client.from('shopping').select('id');
  assert.deepEqual(data, [], 'nothing written');
});

Deno.test('price-basket refuses a caller who is not signed in', async () => {
  const answer = await callFunction('price-basket', { token: null, json: {} });
  assert.equal(answer.status, 401);
});

Deno.test('price-basket answers with the prices and names of now, however many calls came before', async () => {
  const [a, b] = [await newUser('basket-kept-a'), await newUser('basket-kept-b')];
  const service = serviceClient();
  const name = `basket test spice ${crypto.randomUUID()}`;
  const id = await madeIngredient(name);
  try {
    const priceAt = (dollars: number) => priceAtColes(id, '100g', dollars);
    const coles = async () => {
      const answer = await basket(a, { lines: [{ ingredient_id: id, amount: 100, unit: 'g' }] });
      assert.equal(answer.status, 200, answer.text);
      return [answer.body.lines[0]!.name, answer.body.basket.chains.coles!.totalCents];
    };
    await priceAt(2);
    assert.deepEqual(await coles(), [name, 200]);
    assert.deepEqual(await coles(), [name, 200], 'asked again');
    await priceAt(3.5);
    assert.deepEqual(await coles(), [name, 350], 'a new price, at once');
    const renamed = `${name} (renamed)`;
    assert.equal((await service.from('ingredients').update({ name: renamed }).eq('id', id)).error, null);
    assert.deepEqual(await coles(), [renamed, 350], 'a new name, at once');
    await service.from('ingredient_prices').delete().eq('ingredient_id', id);
    assert.deepEqual(await coles(), [renamed, 0], 'no price any more');
  } finally {
    await dropIngredient(id);
  }

  // A user's own ingredient, priced for its owner, stays unknown to anyone else.
  const own = await a.client
    .from('ingredients')
    .insert({
      name: `A's own spice ${crypto.randomUUID()}`,
      protein: 0,
      carbs: 0,
      fats: 0,
      calories: 0,
      source: 'own',
    })
    .select('id')
    .single();
  assert.equal(own.error, null, String(own.error?.message));
  const ownId = own.data!.id as number;
  assert.equal((await basket(a, { lines: [{ ingredient_id: ownId, amount: 1 }] })).status, 200);
  const theirs = await basket(b, { lines: [{ ingredient_id: ownId, amount: 1 }] });
  assert.equal(theirs.status, 400, theirs.text);
  assert.deepEqual(theirs.body, { error: `Unknown ingredient ids: ${ownId}.` });
});

Deno.test('price-basket says "sample" only when a line is priced from sample data', async () => {
  // The screen said "sample prices" over every basket, even one priced wholly from an import.
  const user = await newUser('basket-sample');
  const milk = await ingredientId('full-cream milk');
  const id = await madeIngredient(`basket test flour ${crypto.randomUUID()}`);
  try {
    const sampleOf = async (lines: { ingredient_id: number; amount: number }[]) => {
      const answer = await basket(user, { lines });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.sample;
    };
    await priceAtColes(id, '1kg', 2.5, false);
    assert.equal(await sampleOf([{ ingredient_id: id, amount: 500 }]), false, 'an imported price');
    assert.equal(await sampleOf([{ ingredient_id: id, amount: 500 }]), false, 'asked again (kept)');
    assert.equal(await sampleOf([{ ingredient_id: milk, amount: 1000 }]), true, "the seed's sample price");
    assert.equal(
      await sampleOf([
        { ingredient_id: id, amount: 500 },
        { ingredient_id: milk, amount: 1000 },
      ]),
      true,
      'one sample line is enough',
    );
    await priceAtColes(id, '1kg', 2.5, true);
    assert.equal(
      await sampleOf([{ ingredient_id: id, amount: 500 }]),
      true,
      'a price that became sample data',
    );
  } finally {
    await dropIngredient(id);
  }
});
