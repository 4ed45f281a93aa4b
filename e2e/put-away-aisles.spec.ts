import type { Page } from '@playwright/test';
import { expect, newUser, restAs, signUp, test, visit } from './support/fixtures.ts';

/** Issue 25, parts 3 and 4: put the shopping away, cook a meal from the pantry, a list in aisle order. */

interface Setup {
  household: string;
  ids: Map<string, number>;
}

/** The new user's household and the built-in ingredients by name. */
async function setUp(page: Page, names: readonly string[]): Promise<Setup> {
  const [me] = await restAs<{ household_id: string }[]>(page, 'users?select=household_id');
  const list = names.map((n) => `"${n}"`).join(',');
  const rows = await restAs<{ id: number; name: string }[]>(
    page,
    `ingredients?select=id,name&user_id=is.null&name=in.(${encodeURIComponent(list)})`,
  );
  return { household: me!.household_id, ids: new Map(rows.map((r) => [r.name, r.id])) };
}

const post = (page: Page, table: string, rows: unknown, prefer = 'return=minimal') =>
  restAs<{ id: string }[] | null>(page, table, {
    method: 'POST',
    body: JSON.stringify(rows),
    headers: { prefer },
  });

/** An own recipe, "Plain rice" for 2: 300 g of the rice. */
async function plainRice(page: Page, rice: number): Promise<{ id: string }> {
  const [grams] = await restAs<{ id: number }[]>(page, 'measurements?select=id&name=eq.g');
  const [recipe] = (await post(
    page,
    'recipes',
    { name: 'Plain rice', portions: 2 },
    'return=representation',
  ))!;
  await post(page, 'recipe_ingredients', {
    recipe_id: recipe!.id,
    ingredient_id: rice,
    quantity: '300',
    measurement_id: grams!.id,
  });
  return recipe!;
}

const pantryOf = async (page: Page) =>
  (
    await restAs<{ name: string; quantity: number; unit: string | null }[]>(
      page,
      'pantry?select=name,quantity,unit&order=name',
    )
  ).map((r) => `${r.name} ${r.quantity} ${r.unit ?? ''}`.trim());

test('tick the list and put it away: the pantry adds it up, a bad amount is refused, undo puts it back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Stacker'));
  const { household, ids } = await setUp(page, ['jasmine rice']);
  const rice = ids.get('jasmine rice')!;
  await post(page, 'pantry', {
    household_id: household,
    name: 'jasmine rice',
    ingredient_id: rice,
    quantity: 1,
    unit: 'kg',
  });
  await post(page, 'shopping', [
    { household_id: household, name: 'jasmine rice', ingredient_id: rice, quantity: 500, unit: 'g' },
    { household_id: household, name: 'Paper towel', ingredient_id: null, quantity: 2, unit: null },
  ]);

  await page.goto('/shopping');
  await page.getByLabel('Tick off jasmine rice').check();
  await page.getByLabel('Tick off Paper towel').check();
  // Ticked lines go to the bottom, under the trolley.
  await expect(page.locator('.aisle-name')).toHaveText(['In the trolley']);
  await page.getByRole('button', { name: 'Put away ticked (2)' }).click();
  const panel = page.getByRole('region', { name: 'Put the shopping away' });
  const riceAmount = panel.getByRole('spinbutton', { name: /^jasmine rice/ });
  await expect(riceAmount).toBeVisible();

  await riceAmount.fill('-3');
  await panel.getByRole('button', { name: 'Put away', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('The amount of jasmine rice must be a number above 0');
  expect(await pantryOf(page)).toEqual(['jasmine rice 1 kg']);

  // The rice field's unit is the packs' (g) or the line's own; 750 of it either way is grams.
  await riceAmount.fill('750');
  await panel.getByRole('button', { name: 'Put away', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 items put away in the pantry.' })).toBeVisible();
  await expect(page.getByLabel('Tick off jasmine rice')).toBeHidden();
  expect(await pantryOf(page)).toEqual(['Paper towel 2', 'jasmine rice 1750 g']);
  await visit(page, 'shopping-put-away');

  // In the app (not a reload): the undo stays with the list until used.
  await page.getByRole('link', { name: 'Pantry' }).first().click();
  await expect(page.getByRole('list', { name: 'Pantry items' })).toContainText('jasmine rice');
  await expect(page.getByRole('list', { name: 'Pantry items' })).toContainText('Paper towel');
  await page.getByRole('link', { name: 'Shopping' }).first().click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Tick off jasmine rice')).toBeChecked();
  expect(await pantryOf(page)).toEqual(['jasmine rice 1 kg']);
});

test('mark a planned meal cooked: the pantry goes down by what the recipe used', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Cook'));
  const { household, ids } = await setUp(page, ['jasmine rice']);
  const rice = ids.get('jasmine rice')!;
  const recipe = await plainRice(page, rice);
  await post(page, 'pantry', {
    household_id: household,
    name: 'jasmine rice',
    ingredient_id: rice,
    quantity: 1,
    unit: 'kg',
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  await post(page, 'meal_planner', {
    household_id: household,
    date: today,
    slot: 'dinner',
    recipe_id: recipe.id,
  });

  await page.goto('/planner');
  await page
    .getByRole('button', { name: /^Plain rice, .*Change$/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cooked' }).click();
  await expect(page.getByText(/Marked cooked\. Took .* jasmine rice from the pantry\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Plain rice, .*Change$/ }).first()).toContainText('cooked');
  expect(await pantryOf(page)).toEqual(['jasmine rice 0.7 kg']);

  // Marked by mistake: Undo puts back what cooking took.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.getByText('Not cooked after all: what cooking took is back in the pantry.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Plain rice, .*Change$/ }).first()).not.toContainText(
    'cooked',
  );
  expect(await pantryOf(page)).toEqual(['jasmine rice 1 kg']);

  // And from the meal itself, later.
  const meal = page.getByRole('button', { name: /^Plain rice, .*Change$/ }).first();
  await meal.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cooked' }).click();
  await expect(meal).toContainText('cooked');
  await meal.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Not cooked' }).click();
  await expect(meal).not.toContainText('cooked');
  expect(await pantryOf(page)).toEqual(['jasmine rice 1 kg']);
});

test('reorder two aisles and the list follows, kept for the household', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Walker'));
  const { household, ids } = await setUp(page, ['banana', 'full-cream milk', 'sourdough bread']);
  await post(
    page,
    'shopping',
    ['banana', 'full-cream milk', 'sourdough bread'].map((name) => ({
      household_id: household,
      name,
      ingredient_id: ids.get(name),
      quantity: 1,
    })),
  );
  const aisles = page.locator('.aisle-name');
  await page.goto('/shopping');
  await expect(aisles).toHaveText(['Fruit and vegetables', 'Bakery', 'Dairy and eggs']);

  await page.getByText('Your store and aisle order').click();
  // By keyboard: Dairy and eggs up past Bakery.
  const up = page.getByRole('button', { name: 'Move Dairy and eggs up' });
  await up.focus();
  // Each move keeps the focus on the aisle's button (the Down one once it is at the top).
  for (const focused of [up, up, page.getByRole('button', { name: 'Move Dairy and eggs down' })]) {
    await page.keyboard.press('Enter');
    await expect(focused).toBeFocused();
  }
  await expect(aisles).toHaveText(['Dairy and eggs', 'Fruit and vegetables', 'Bakery']);
  // By dragging: Bakery to the top.
  const order = page.getByRole('list', { name: 'Aisle order' });
  await order.getByRole('listitem').filter({ hasText: 'Bakery' }).dragTo(order.getByRole('listitem').first());
  await expect(aisles).toHaveText(['Bakery', 'Dairy and eggs', 'Fruit and vegetables']);

  await page.getByLabel('Tick off Bakery').or(page.getByLabel('Tick off sourdough bread')).check();
  await expect(aisles).toHaveText(['Dairy and eggs', 'Fruit and vegetables', 'In the trolley']);
  await page.reload();
  await expect(aisles).toHaveText(['Dairy and eggs', 'Fruit and vegetables', 'In the trolley']);
  const [shop] = await restAs<{ aisle_order: string[] }[]>(page, 'household_shops?select=aisle_order');
  expect(shop!.aisle_order.slice(0, 3)).toEqual(['bakery', 'dairy-eggs', 'fruit-veg']);
});

test('a pantry of 1,200 items: every item shows, what can I cook counts them, putting away merges into them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Hoarder'));
  const { household, ids } = await setUp(page, ['jasmine rice']);
  const rice = ids.get('jasmine rice')!;
  // More than a read returns (max_rows, 1,000), and the rice last by name and by age: a screen
  // that reads one page never sees it.
  await post(
    page,
    'pantry',
    Array.from({ length: 1199 }, (_, i) => ({
      household_id: household,
      name: `Aa spare jar ${String(i).padStart(4, '0')}`,
      quantity: 1,
      unit: 'piece',
    })),
  );
  await post(page, 'pantry', {
    household_id: household,
    name: 'jasmine rice',
    ingredient_id: rice,
    quantity: 1,
    unit: 'kg',
  });
  await plainRice(page, rice);
  await post(page, 'shopping', {
    household_id: household,
    name: 'jasmine rice',
    ingredient_id: rice,
    quantity: 500,
    unit: 'g',
  });

  await page.goto('/pantry');
  const items = page.getByRole('list', { name: 'Pantry items' });
  await expect(items.getByRole('listitem').filter({ hasText: 'jasmine rice' })).toBeVisible();
  await expect(items.getByRole('listitem').filter({ hasText: /^Aa spare jar/ })).toHaveCount(1199);

  await page.getByRole('link', { name: 'What can I cook?' }).click();
  await page.getByRole('radio', { name: 'Can cook now' }).check();
  await expect(page.getByRole('article', { name: 'Plain rice' }).getByText('Can cook now')).toBeVisible();

  await page.getByRole('link', { name: 'Shopping' }).first().click();
  await page.getByLabel('Tick off jasmine rice').check();
  await page.getByRole('button', { name: 'Put away ticked (1)' }).click();
  const panel = page.getByRole('region', { name: 'Put the shopping away' });
  await panel.getByRole('spinbutton', { name: /^jasmine rice/ }).fill('500');
  await panel.getByRole('button', { name: 'Put away', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 item put away in the pantry.' })).toBeVisible();
  const rows = await restAs<{ name: string; quantity: number; unit: string }[]>(
    page,
    'pantry?select=name,quantity,unit&name=eq.jasmine%20rice',
  );
  expect(rows.map((r) => `${r.name} ${r.quantity} ${r.unit}`)).toEqual(['jasmine rice 1500 g']);
});
