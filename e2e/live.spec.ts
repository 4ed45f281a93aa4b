import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { env, expect, importPrices, newUser, restAs, shoot, signUp, test } from './support/fixtures.ts';

test('two tabs of one user see each other’s changes live, and a sign-out in one signs out the other', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const a = await context.newPage();
  await signUp(a, newUser('Taylor'));
  const b = await context.newPage();
  await b.goto('/favourites');
  await expect(b.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(b.getByText('No favourites yet')).toBeVisible();

  // Favourites: applied from the realtime payload in the other tab.
  const first = a.locator('article.recipe-card').first();
  const name = ((await first.getByRole('heading').textContent()) ?? '').trim();
  await a.getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expect(b.locator('article.recipe-card').filter({ hasText: name })).toBeVisible();

  // Cooks: the payload of an insert made in tab A appears in tab B.
  await b.goto('/cooks');
  await expect(b.getByText('No cooks yet')).toBeVisible();
  await a.goto('/cooks');
  await a.getByLabel('Cook name').fill('Morgan');
  await a.getByRole('button', { name: 'Add cook' }).click();
  await expect(
    b.getByRole('list', { name: 'Cooks' }).getByRole('listitem').filter({ hasText: 'Morgan' }),
  ).toBeVisible();

  // Shopping: re-fetched in tab B on a change in tab A.
  await b.goto('/shopping');
  await expect(b.getByText('Your shopping list is empty')).toBeVisible();
  await a.goto('/shopping');
  await a.getByLabel('Item', { exact: true }).fill('Tea bags');
  await a.getByRole('button', { name: 'Add to list' }).click();
  await expect(
    b.getByRole('list', { name: 'Shopping items' }).getByRole('listitem').filter({ hasText: 'Tea bags' }),
  ).toBeVisible();

  // Sign-out in tab A signs tab B out too.
  await a.getByRole('button', { name: 'Sign out' }).click();
  await expect(b).toHaveURL(/\/sign-in/);
  await expect(b.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('two different users never see each other’s data', async ({ browser }) => {
  test.setTimeout(120_000);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  try {
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await signUp(a, newUser('Quinn'));
    await signUp(b, newUser('Reese'));
    await b.goto('/cooks');
    await expect(b.getByText('No cooks yet')).toBeVisible();
    await a.goto('/cooks');
    await a.getByLabel('Cook name').fill('Private Pat');
    await a.getByRole('button', { name: 'Add cook' }).click();
    await expect(
      a.getByRole('list', { name: 'Cooks' }).getByRole('listitem').filter({ hasText: 'Private Pat' }),
    ).toBeVisible();
    await a.goto('/pantry');
    await a.getByLabel('Item', { exact: true }).fill('Secret spice');
    await a.getByRole('button', { name: 'Add to pantry' }).click();
    await expect(a.getByRole('list', { name: 'Pantry items' })).toContainText('Secret spice');
    // B's open cooks page received nothing live, and a fresh load shows nothing of A's either.
    await expect(b.getByText('No cooks yet')).toBeVisible();
    await b.reload();
    await expect(b.getByText('No cooks yet')).toBeVisible();
    await b.goto('/pantry');
    await expect(b.getByText('Your pantry is empty')).toBeVisible();
    await b.goto('/favourites');
    await expect(b.getByText('No favourites yet')).toBeVisible();
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});

test('losing the realtime connection shows Refreshing... and reloads the page', async ({ page }) => {
  test.setTimeout(120_000);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await signUp(page, newUser('Drew'));
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  // Let the channels join before cutting them off.
  await page.waitForTimeout(2_000);
  const reloaded = page.waitForEvent('load');
  await sockets.at(-1)!.close({ code: 1006, reason: 'test cut the connection' });
  await expect(page.getByText('Refreshing...')).toBeVisible();
  await shoot(page, 'refreshing', false).catch(() => {
    // The reload may win the race with the screenshot; the spinner was seen either way.
  });
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect(page.getByText('Refreshing...')).toHaveCount(0);
});

/**
 * The app tries to reconnect at least every 1.5 s (web/src/lib/reconnect.ts) and then fetches
 * its data; realtime-js's own schedule, past a 9 s outage, waits up to 10 s. This bound tells the
 * two apart with room for a loaded machine's fetch (2.4 s was seen under load); how fast it is
 * belongs to the benches.
 */
const BACK_WITHIN_MS = 4_000;

/**
 * A stack that can be taken down and brought back: while down, its HTTP requests are refused and
 * new WebSockets closed at once, as a stopped server would; the page's own files still load.
 * `goDown` closes the open sockets too, which (spec 4) reloads the page, and waits for the reload.
 */
async function outage(page: Page) {
  let down = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    if (down) return void ws.close({ code: 1006, reason: 'stack down' });
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.route(`${env.api}/**`, (route) => (down ? route.abort('connectionrefused') : route.fallback()));
  return {
    async goDown() {
      down = true;
      const reloaded = page.waitForEvent('load');
      for (const ws of sockets) await ws.close({ code: 1006, reason: 'stack down' });
      await reloaded;
    },
    /** Brings the stack back; the time it came back, to measure from. */
    comeBack(): number {
      down = false;
      return Date.now();
    },
  };
}

test("after an outage the data is back without waiting for realtime-js's 10 s retry (issue 15: 10)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stack = await outage(page);
  await signUp(page, newUser('Sasha'));
  await page.goto('/pantry');
  await page.getByLabel('Item', { exact: true }).fill('Oats');
  await page.getByRole('button', { name: 'Add to pantry' }).click();
  const pantry = page.getByRole('list', { name: 'Pantry items' });
  await expect(pantry).toContainText('Oats');
  await page.waitForTimeout(1_000);

  // The outage: spec 4 reloads the page, which comes up without its data.
  await stack.goDown();
  await expect(page.getByRole('heading', { level: 1, name: 'Pantry' })).toBeVisible();
  // Meanwhile something changes that the page cannot hear about; and the outage lasts a while
  // (past realtime-js's 1, 2 and 5 s retries, into its 10 s ones).
  await restAs(page, 'pantry', { method: 'POST', body: JSON.stringify({ name: 'Tea' }) });
  await page.waitForTimeout(9_000);
  await expect(pantry.getByText('Tea')).toHaveCount(0);

  const back = stack.comeBack();
  await expect(pantry).toContainText('Tea', { timeout: 5_000 });
  await expect(pantry).toContainText('Oats');
  const took = Date.now() - back;
  test.info().annotations.push({ type: 'data back after', description: `${took} ms` });
  expect(took, 'ms from the stack coming back to its data on screen').toBeLessThanOrEqual(BACK_WITHIN_MS);
});

test('after an outage the recipe list is back as soon, too (issue 15: 10)', async ({ page }) => {
  test.setTimeout(120_000);
  const stack = await outage(page);
  await signUp(page, newUser('Robin'));
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  // The list shows a page of cards; its count says whether the new recipe arrived.
  const count = page.getByText(/^\d+ recipes?$/);
  await expect(count).toBeVisible();
  const before = Number.parseInt((await count.textContent()) ?? '', 10);
  await page.waitForTimeout(1_000);

  await stack.goDown();
  await restAs(page, 'recipes', {
    method: 'POST',
    body: JSON.stringify({ name: 'Outage stew', portions: 2 }),
  });
  await page.waitForTimeout(9_000);

  const back = stack.comeBack();
  await expect(count).toHaveText(`${before + 1} recipes`, { timeout: 5_000 });
  const took = Date.now() - back;
  test.info().annotations.push({ type: 'recipes back after', description: `${took} ms` });
  expect(took, 'ms from the stack coming back to the recipe list on screen').toBeLessThanOrEqual(
    BACK_WITHIN_MS,
  );
});

/** The YYYY-MM-DD date `days` before `date`. */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

test('the list, its basket and the week at a glance follow the plan, the pantry and prices live (issue 19: 6)', async ({
  context,
}) => {
  test.setTimeout(150_000);
  const list = await context.newPage();
  await signUp(list, newUser('Lee'));
  const [me] = await restAs<{ household_id: string }[]>(list, 'users?select=household_id');
  const household = me!.household_id;
  const [rice] = await restAs<{ id: number }[]>(
    list,
    'ingredients?select=id&user_id=is.null&name=eq.jasmine%20rice',
  );
  const [grams] = await restAs<{ id: number }[]>(list, 'measurements?select=id&name=eq.g');
  const post = (path: string, body: unknown, prefer = 'return=minimal') =>
    restAs<{ id: string }[] | null>(list, path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { prefer },
    });
  const [recipe] = (await post('recipes', { name: 'Live rice bowl', portions: 2 }, 'return=representation'))!;
  await post('recipe_ingredients', {
    recipe_id: recipe!.id,
    ingredient_id: rice!.id,
    quantity: '300',
    measurement_id: grams!.id,
  });

  await list.goto('/shopping');
  const panel = list.getByRole('region', { name: 'From your meal plan' });
  await expect(panel).toBeVisible();
  const week = await context.newPage();
  await week.goto('/planner/week');
  await expect(week.getByText('Nothing planned this week')).toBeVisible();

  // The plan, changed elsewhere: the week at a glance and the list's build panel follow.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  await post('meal_planner', { household_id: household, date: today, slot: 'dinner', recipe_id: recipe!.id });
  const figures = week.locator('.overview-figures');
  await expect(figures.getByText('Meals', { exact: true }).locator('..')).toContainText('1');
  await expect(panel.getByRole('checkbox')).toHaveCount(1);

  // The pantry, changed elsewhere: the next build subtracts it, with no reload.
  await post('pantry', {
    household_id: household,
    name: 'jasmine rice',
    ingredient_id: rice!.id,
    quantity: 100,
    unit: 'g',
  });
  const line = list
    .getByRole('list', { name: 'Shopping items' })
    .getByRole('listitem')
    .filter({ hasText: 'jasmine rice' });
  await expect(async () => {
    await panel.getByRole('button', { name: 'Build shopping list' }).click();
    await expect(line).toContainText('need 300 g, have 100 g, buy 200 g', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Prices, imported elsewhere: the open basket and the week are priced again.
  const basket = list.getByRole('region', { name: 'Where to shop' });
  await expect(basket.getByText(/^Aldi: \$/)).toBeVisible();
  const trend = list.getByRole('heading', { name: 'Cost over 12 weeks' }).locator('..');
  await trend.getByText('Show as a table').click();
  const lastWeek = list
    .getByRole('table', { name: /^Cost each week/ })
    .locator('tbody tr')
    .last();
  await expect(lastWeek.locator('td').last()).toHaveText(/^\$/);
  const dir = await mkdtemp(join(tmpdir(), 'larder-live-'));
  const sku = `LIVE-RICE-${Date.now()}`;
  const files = {
    'products.csv': `chain,sku,name,pack_size,pack_unit,source\naldi,${sku},Live Test Jasmine Rice 1kg,1000,g,e2e\n`,
    // Thirteen weeks of the same price, so the cost trend has the product in every week.
    'prices.csv': `chain,sku,date,price_cents,source\n${[...Array(13).keys()]
      .map((w) => `aldi,${sku},${daysBefore(today, 7 * w)},977,e2e\n`)
      .join('')}`,
    'ingredient_products.csv': `ingredient,chain,sku,preferred,match,source\njasmine rice,aldi,${sku},true,manual,e2e\n`,
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  await importPrices(
    Object.keys(files).map((f) => join(dir, f)),
    'live-tester',
  );
  await expect(basket.getByText(/^Aldi: \$9\.77/)).toBeVisible();
  // The basket's cost trend, open below it, follows too, priced as the basket is: the 200 g the
  // list needs buys the whole 1 kg pack.
  await expect(lastWeek.locator('td').last()).toHaveText('$9.77');
  await expect(figures.getByText('Aldi', { exact: true }).locator('..')).toContainText('$2.93');
});

test('a page opening reads its recipes twice, not once more per live channel', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, newUser('Quinn'));
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  // Away first, so no read of the page before (its own channels' first joins, late on a busy
  // machine) is counted as one of the page that opens.
  await page.goto('about:blank');
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/rest/v1/recipes') reads.push(url.search);
  });
  // The channels' joins, as realtime-js's serializer writes them (an array, or an object).
  const joined = new Set<string>();
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const message = JSON.parse(payload) as unknown;
      const [topic, event, body] = Array.isArray(message)
        ? [message[2], message[3], message[4]]
        : [
            (message as { topic: string }).topic,
            (message as { event: string }).event,
            (message as { payload: unknown }).payload,
          ];
      if (
        event === 'phx_reply' &&
        String(topic).startsWith('realtime:') &&
        (body as { status?: string })?.status === 'ok'
      )
        joined.add(String(topic));
    }),
  );
  await page.goto('/recipes');
  await expect(page.locator('article.recipe-card').first()).toBeVisible();
  // The person's channel and the household's: both carry the recipes, and both have joined.
  await expect.poll(() => joined.size, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(1_500);
  // The screen's own read, and one more for both first joins (a change between the two).
  expect(reads).toHaveLength(2);
});
