import type { Browser, Page } from '@playwright/test';
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
