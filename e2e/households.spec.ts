import type { Browser, Page, Request } from '@playwright/test';
import { env, expect, newUser, planInGrid, restAs, signUp, test, visit } from './support/fixtures.ts';

async function person(browser: Browser, first: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, newUser(first));
  return page;
}

test('two people share one household live, and a stranger sees none of it', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await person(browser, 'Avery');
  const b = await person(browser, 'Blake');
  const c = await person(browser, 'Casey');
  try {
    // A new user has a household of their own, alone in it.
    await a.goto('/household');
    await expect(a.getByRole('heading', { level: 1, name: "Avery's household" })).toBeVisible();
    await expect(a.getByRole('list', { name: 'People in this household' }).getByRole('listitem')).toHaveCount(
      1,
    );

    // A invites by e-mail: Auth's mail carries it (the local outbox shows it).
    const friendEmail = `friend-${Date.now()}@example.com`;
    await a.getByLabel('Email', { exact: true }).fill(friendEmail);
    await a.getByRole('button', { name: 'Send invitation' }).click();
    await expect(a.getByRole('list', { name: 'Open invitations' })).toContainText(friendEmail);
    const mail = (await (
      await fetch(`${env.api}/_local/mail?to=${encodeURIComponent(friendEmail)}`)
    ).json()) as {
      subject: string;
    }[];
    expect(mail).toHaveLength(1);

    // A makes a one-time link; B opens it and accepts.
    await a.getByRole('button', { name: 'Create an invitation link' }).click();
    const link = await a.getByLabel('Invitation link (works once)').inputValue();
    expect(link).toMatch(/\/join\/[0-9a-f]{64}$/);
    await visit(a, 'household');
    await b.goto(link);
    await expect(b.getByRole('heading', { level: 1, name: "Join Avery's household" })).toBeVisible();
    await visit(b, 'household-join');
    await b.getByRole('button', { name: 'Accept and join' }).click();
    await expect(b.getByRole('heading', { level: 1, name: "Avery's household" })).toBeVisible();
    await expect(b.getByRole('list', { name: 'People in this household' }).getByRole('listitem')).toHaveCount(
      2,
    );
    // A sees B arrive without reloading.
    await expect(a.getByRole('list', { name: 'People in this household' }).getByRole('listitem')).toHaveCount(
      2,
    );

    // A plans a meal; B, on the planner, sees it appear.
    await a.goto('/recipes');
    const recipe = (
      (await a.locator('article.recipe-card').first().getByRole('heading').textContent()) ?? ''
    ).trim();
    const dinners = (page: Page) =>
      page
        .locator('.week-day')
        .first()
        .getByRole('list', { name: /dinner$/ })
        .getByRole('listitem');
    await b.goto('/planner');
    await expect(b.locator('.week-day').first()).toBeVisible();
    await expect(dinners(b)).toHaveCount(0);
    await a.goto('/planner');
    await planInGrid(a, 0, 'dinner', recipe);
    await expect(dinners(a)).toHaveCount(1);
    await expect(dinners(b)).toHaveCount(1);

    // A adds to the list; B ticks it in the shop; A sees it ticked.
    await a.goto('/shopping');
    await b.goto('/shopping');
    await a.getByLabel('Item', { exact: true }).fill('Oat milk');
    await a.getByRole('button', { name: 'Add to list' }).click();
    await expect(b.getByLabel('Tick off Oat milk')).toBeVisible();
    await b.getByLabel('Tick off Oat milk').check();
    await expect(a.getByLabel('Tick off Oat milk')).toBeChecked();

    // C, in a household of their own, sees none of it, on screen or through the API.
    await c.goto('/shopping');
    await expect(c.getByText('Your shopping list is empty')).toBeVisible();
    await c.goto('/planner');
    await expect(c.locator('.week-day').first()).toBeVisible();
    await expect(dinners(c)).toHaveCount(0);
    expect(await restAs(c, 'shopping?select=id')).toEqual([]);
    expect(await restAs(c, 'meal_planner?select=id')).toEqual([]);
    expect(await restAs(c, 'household_members?select=user_id')).toHaveLength(1);

    // A shares an own recipe with the household: B can open it, C cannot.
    const [dal] = await restAs<{ id: string }[]>(a, 'recipes?select=id', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'Avery’s red lentil dal', portions: 4 }),
    });
    await a.goto(`/recipes/${dal!.id}`);
    await a.getByLabel('Share with my household').check();
    await expect(a.getByText('Avery’s red lentil dal is shared with your household.')).toBeVisible();
    await b.goto(`/recipes/${dal!.id}`);
    await expect(b.getByRole('heading', { level: 1, name: 'Avery’s red lentil dal' })).toBeVisible();
    await expect(b.getByLabel('Share with my household')).toHaveCount(0);
    expect(await restAs(c, `recipes?select=id&id=eq.${dal!.id}`)).toEqual([]);

    // B leaves: what B added stays with A's household; B works in their own again.
    await b.goto('/household');
    await b.getByRole('button', { name: 'Leave household' }).click();
    await b
      .getByRole('dialog', { name: 'Leave this household?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(b.getByRole('heading', { level: 1, name: "Blake's household" })).toBeVisible();
    await a.goto('/shopping');
    await expect(a.getByLabel('Tick off Oat milk')).toBeChecked();
    // B's leaving moved the household to its next live topic: A's open list follows it, so a
    // change made elsewhere (here straight through the API) still shows without a reload.
    await restAs(a, 'shopping', { method: 'POST', body: JSON.stringify({ name: 'Basmati rice' }) });
    await expect(a.getByLabel('Tick off Basmati rice')).toBeVisible();
    // B, in their own household now, is not shown it.
    await b.goto('/shopping');
    await expect(b.getByText('Your shopping list is empty')).toBeVisible();
    expect(await restAs(b, 'shopping?select=id')).toEqual([]);
  } finally {
    for (const page of [a, b, c]) await page.context().close();
  }
});

test('sharing a recipe as its page opens: a read already on its way does not untick the box', async ({
  page,
}) => {
  await signUp(page, newUser('Rowan'));
  const [soup] = await restAs<{ id: string }[]>(page, 'recipes?select=id', {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({ name: 'Rowan’s pumpkin soup', portions: 4 }),
  });
  // The page's second read of the recipes (its live channels' first join) leaves before the click
  // and is answered after the share is saved: it carries the recipe as it was, unshared. Counted
  // from a blank page, so that no read of the app signed up in is counted.
  await page.goto('about:blank');
  let reads = 0;
  let sent!: (request: Request) => void;
  const readSent = new Promise<Request>((resolve) => {
    sent = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/rest\/v1\/recipes\?/, async (route) => {
    if (route.request().method() !== 'GET' || ++reads !== 2) return route.continue();
    const stale = await route.fetch();
    sent(route.request());
    await released;
    await route.fulfill({ response: stale });
  });
  await page.goto(`/recipes/${soup!.id}`);
  const box = page.getByLabel('Share with my household');
  await expect(box).not.toBeChecked();
  const held = await readSent;
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/recipes\?/.test(r.url()));
  await box.check();
  await saved;
  // Every frame from here on: was the box ever drawn unticked?
  await page.evaluate(() => {
    const w = window as unknown as { unticked: boolean };
    w.unticked = false;
    const input = [...document.querySelectorAll('label')]
      .find((l) => l.textContent?.includes('Share with my household'))
      ?.querySelector('input');
    const look = () => {
      if (!input?.isConnected || !input.checked) w.unticked = true;
      requestAnimationFrame(look);
    };
    look();
  });
  const answered = page.waitForEvent('requestfinished', (r) => r === held);
  release();
  await answered;
  await expect(page.getByText('Rowan’s pumpkin soup is shared with your household.')).toBeVisible();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => (window as unknown as { unticked: boolean }).unticked)).toBe(false);
  await expect(box).toBeChecked();
  expect(
    await restAs<{ household_id: string | null }[]>(page, `recipes?select=household_id&id=eq.${soup!.id}`),
  ).not.toEqual([{ household_id: null }]);
});
