/**
 * Edge functions through the local stack: price-recipe latency (median, p95) with 20 concurrent
 * callers over the seed recipes, against a REST read of the very rows it prices (the same
 * embedded select, same user, same concurrency) — target ≤ 2× the REST median; the add-cook
 * round trip; a function's cold start (first call, Deno worker boot included); and price-basket
 * for a posted 150-line list against a REST read of the same 150 price rows (target ≤ 2×,
 * issue 19), as it runs between imports (the built-in rows kept from earlier calls) and right
 * after one (every row read again).
 *
 * Runs a stack in this process on a free port with an in-memory PGlite database (the default
 * local stack; it never touches a DATABASE_URL server).
 */
import { startStack } from '../stack/src/stack.ts';
import type { BenchRow } from './types.ts';

const CALLERS = 20;
const ROUNDS = 5;
const BATCHES = 4;
const BASKET_LINES = 150;
const BASKET_CALLS = 40;
const PRICE_COLUMNS =
  'coles_measure, woolworths_measure, aldi_measure, coles_unit_price_current, woolworths_unit_price_current, aldi_unit_price_current, coles_unit_price_past, woolworths_unit_price_past, aldi_unit_price_past';
const SELECT = `id, portions, recipe_ingredients(id, position, quantity, measurements(name), ingredients(id, name, protein, carbs, fats, calories, ingredient_prices(${PRICE_COLUMNS})))`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** `CALLERS` callers, each making `ROUNDS` passes over the recipes; per-request latencies in ms. */
async function underLoad(ids: string[], call: (id: string) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = ids[(caller + round) % ids.length] as string;
        const started = performance.now();
        await call(id);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

async function expectOk(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
}

export default async function functionsBench(): Promise<BenchRow[]> {
  const stack = await startStack({
    port: 0,
    quiet: true,
    cron: false,
    databaseUrl: undefined,
  });
  try {
    const { anonKey } = stack.ctx.config;
    const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'correct-horse-battery-staple',
      }),
    });
    const session = (await signUp.json()) as { access_token?: string };
    if (!session.access_token) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(session)}`);
    const headers = {
      apikey: anonKey,
      Authorization: `Bearer ${session.access_token}`,
      'Content-Type': 'application/json',
      // Like for like: the gateway compresses REST answers for a caller that asks (as on the
      // platform) but passes a function's answer on as it is, and over loopback compressing is
      // pure cost. Every comparison here is of the server's work alone.
      'Accept-Encoding': 'identity',
    };
    const recipes = await fetch(`${stack.url}/rest/v1/recipes?select=id&is_default=eq.true`, { headers });
    const ids = ((await recipes.json()) as { id: string }[]).map((r) => r.id);
    if (ids.length === 0) throw new Error('no seed recipes');

    const priceRecipe = async (id: string) =>
      expectOk(
        await fetch(`${stack.url}/functions/v1/price-recipe`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ recipe_id: id }),
        }),
        'price-recipe',
      );
    const restRead = async (id: string) =>
      expectOk(
        await fetch(`${stack.url}/rest/v1/recipes?select=${encodeURIComponent(SELECT)}&id=eq.${id}`, {
          headers: { ...headers, Accept: 'application/vnd.pgrst.object+json' },
        }),
        'REST read',
      );

    const coldStarted = performance.now();
    await priceRecipe(ids[0] as string);
    const coldStart = performance.now() - coldStarted;
    // Warm both paths (JIT, connection pools) before measuring.
    await underLoad(ids.slice(0, 5), priceRecipe);
    await underLoad(ids.slice(0, 5), restRead);

    // Alternate the two in batches so both see the same background load on a shared machine.
    const rest: number[] = [];
    const fn: number[] = [];
    for (let batch = 0; batch < BATCHES; batch++) {
      rest.push(...(await underLoad(ids, restRead)));
      fn.push(...(await underLoad(ids, priceRecipe)));
    }
    const ratio = percentile(fn, 50) / percentile(rest, 50);

    // price-basket for a 150-line list against the REST read of the same price rows.
    const ingredients = await fetch(
      `${stack.url}/rest/v1/ingredients?select=id&order=id&limit=${BASKET_LINES}`,
      {
        headers,
      },
    );
    const ingredientIds = ((await ingredients.json()) as { id: number }[]).map((i) => i.id);
    const basketBody = JSON.stringify({
      lines: ingredientIds.map((id, i) => ({ ingredient_id: id, amount: 100 + i, unit: 'g' })),
    });
    const priceBasket = async () =>
      expectOk(
        await fetch(`${stack.url}/functions/v1/price-basket`, { method: 'POST', headers, body: basketBody }),
        'price-basket',
      );
    const priceRows = async () =>
      expectOk(
        await fetch(
          `${stack.url}/rest/v1/ingredient_prices?select=ingredient_id,${PRICE_COLUMNS.replaceAll(' ', '')}&ingredient_id=in.(${ingredientIds.join(',')})`,
          { headers },
        ),
        'REST read of prices',
      );
    // What price-basket reads when it keeps nothing (after prices changed), called straight from
    // here: how much of that call's time is the read, and how much the function's own path.
    const basketRead = async () =>
      expectOk(
        await fetch(
          `${stack.url}/rest/v1/basket_prices?select=*&ingredient_id=in.(${ingredientIds.join(',')})`,
          {
            headers,
          },
        ),
        'REST read of basket_prices',
      );
    for (let i = 0; i < 5; i++) {
      await priceBasket();
      await priceRows();
      await basketRead();
    }
    // A refused body: the function's own round trip (gateway, worker, auth, validation), no reads.
    const refused = async () => {
      const answer = await fetch(`${stack.url}/functions/v1/price-basket`, {
        method: 'POST',
        headers,
        body: '{"lines":5}',
      });
      await answer.text();
      if (answer.status !== 400) throw new Error(`price-basket, refused body: ${answer.status}`);
    };
    const basketTimes: number[] = [];
    const rowTimes: number[] = [];
    const refusedTimes: number[] = [];
    const readTimes: number[] = [];
    for (let i = 0; i < BASKET_CALLS; i++) {
      let started = performance.now();
      await priceRows();
      rowTimes.push(performance.now() - started);
      started = performance.now();
      await priceBasket();
      basketTimes.push(performance.now() - started);
      started = performance.now();
      await refused();
      refusedTimes.push(performance.now() - started);
      started = performance.now();
      await basketRead();
      readTimes.push(performance.now() - started);
    }
    const basketRatio = percentile(basketTimes, 50) / percentile(rowTimes, 50);
    // Right after prices change (an import), a call reads every row again: counted up before each.
    const afterChange: number[] = [];
    for (let i = 0; i < BASKET_CALLS / 2; i++) {
      await stack.ctx.db.exec('update public.prices_version set version = version + 1');
      const started = performance.now();
      await priceBasket();
      afterChange.push(performance.now() - started);
    }

    const cooks: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await expectOk(
        await fetch(`${stack.url}/functions/v1/add-cook`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `Cook ${i}` }),
        }),
        'add-cook',
      );
      cooks.push(performance.now() - started);
    }

    const database = 'PGlite';
    const details = { callers: CALLERS, requests: fn.length, recipes: ids.length, database };
    return [
      { name: 'price-recipe median (20 callers)', value: percentile(fn, 50), unit: 'ms', details },
      { name: 'price-recipe p95 (20 callers)', value: percentile(fn, 95), unit: 'ms', details },
      { name: 'REST read of the same rows, median', value: percentile(rest, 50), unit: 'ms', details },
      { name: 'REST read of the same rows, p95', value: percentile(rest, 95), unit: 'ms', details },
      {
        name: 'price-recipe ÷ REST read (median)',
        value: ratio,
        unit: '×',
        target: '≤ 2×',
        ok: ratio <= 2,
        details: { p95Ratio: percentile(fn, 95) / percentile(rest, 95), database },
      },
      {
        name: 'add-cook round trip, median',
        value: percentile(cooks, 50),
        unit: 'ms',
        details: { database },
      },
      { name: 'add-cook round trip, p95', value: percentile(cooks, 95), unit: 'ms', details: { database } },
      { name: 'function cold start (first call)', value: coldStart, unit: 'ms', details: { database } },
      {
        name: `price-basket, ${ingredientIds.length}-line list, median`,
        value: percentile(basketTimes, 50),
        unit: 'ms',
        details: { database },
      },
      { name: 'REST read of the same price rows, median', value: percentile(rowTimes, 50), unit: 'ms' },
      {
        name: 'price-basket refusing a bad body (its round trip, no reads), median',
        value: percentile(refusedTimes, 50),
        unit: 'ms',
      },
      {
        name: 'price-basket right after prices changed (reads every row again), median',
        value: percentile(afterChange, 50),
        unit: 'ms',
        details: { ratioToRestRead: percentile(afterChange, 50) / percentile(rowTimes, 50), database },
      },
      {
        name: 'REST read of basket_prices, what price-basket reads after prices changed, median',
        value: percentile(readTimes, 50),
        unit: 'ms',
      },
      {
        name: 'price-basket ÷ REST read (median)',
        value: basketRatio,
        unit: '×',
        target: '≤ 2×',
        ok: basketRatio <= 2,
        details: { database },
      },
    ];
  } finally {
    await stack.stop();
  }
}
