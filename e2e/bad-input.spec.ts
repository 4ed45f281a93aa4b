import type { Page } from '@playwright/test';
import { FIELD_MESSAGES, LIMITS } from '../shared/limits/index.ts';
import {
  env,
  expect,
  expectAccessible,
  forceValue,
  newUser,
  restAs,
  shoot,
  signUp,
  test,
} from './support/fixtures.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Each field that should be refused: its label, the message beside it, and its value kept. */
async function expectRefused(page: Page, label: string, message: string, typed?: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  if (typed !== undefined) await expect(field).toHaveValue(typed);
}

async function noSideScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('the recipe editor refuses each bad value beside its field and saves nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Blair'));
  await page.goto('/recipes/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New recipe' })).toBeVisible();

  // The name cannot be typed past its limit; a value forced past it is refused all the same.
  const name = page.getByLabel('Recipe name');
  await name.fill('n'.repeat(LIMITS.recipeName.max + 1));
  await expect(name).toHaveValue('n'.repeat(LIMITS.recipeName.max));
  const tooLong = `Bad ${'n'.repeat(LIMITS.recipeName.max - 3)}`;
  await forceValue(page, 'Recipe name', tooLong);
  await expectRefused(page, 'Recipe name', FIELD_MESSAGES.recipeNameLong, tooLong);

  await page.getByLabel('Portions').fill('0');
  await page.getByLabel('Time (minutes)').fill('-5');
  await page.getByLabel('Ingredient 1', { exact: true }).fill('egg');
  // An egg is counted, not weighed (issue 15: 9).
  await expect(page.getByLabel('Unit')).toHaveValue('piece');
  await page.getByLabel('Quantity').fill('abc');
  await page.getByLabel('Quantity').blur();
  await expectRefused(page, 'Portions', FIELD_MESSAGES.portions, '0');
  await expectRefused(page, 'Time (minutes)', FIELD_MESSAGES.duration, '-5');
  await expectRefused(page, 'Quantity', FIELD_MESSAGES.lineQuantity, 'abc');

  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByLabel('Recipe name')).toBeFocused();
  await expect(page).toHaveURL(/\/recipes\/new$/);
  expect(await restAs(page, 'recipes?select=id&is_default=is.false')).toEqual([]);

  await shoot(page, 'recipe-editor-errors');
  await expectAccessible(page, 'recipe editor with errors');
  await noSideScroll(page, 'the recipe editor at 390 px');
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'recipe-editor-errors-desktop');
  await page.setViewportSize(PHONE);

  // Fixed, it saves: what was typed is still there to be corrected, not typed again.
  await forceValue(page, 'Recipe name', '  Eggs   on toast ');
  await page.getByLabel('Portions').fill('2');
  await page.getByLabel('Time (minutes)').fill('5');
  await page.getByLabel('Quantity').fill('3');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eggs on toast' })).toBeVisible();
  await expect(page.locator('.ingredients li').first()).toHaveText('3 egg');
  const [saved] = await restAs<
    { name: string; portions: number; recipe_ingredients: { quantity: string }[] }[]
  >(page, 'recipes?select=name,portions,recipe_ingredients(quantity)&is_default=is.false');
  expect(saved).toEqual({ name: 'Eggs on toast', portions: 2, recipe_ingredients: [{ quantity: '3' }] });

  // The longest name and largest amounts the database takes still fit a 320 px phone (issue 15: 3).
  const [egg] = await restAs<{ id: number }[]>(page, 'ingredients?select=id&name=eq.egg');
  const [longest] = await restAs<{ id: string }[]>(page, 'recipes?select=id', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({ name: 'L'.repeat(LIMITS.recipeName.max), portions: 100, duration: 2880 }),
  });
  await restAs(page, 'recipe_ingredients', {
    method: 'POST',
    body: JSON.stringify({ recipe_id: longest!.id, ingredient_id: egg!.id, quantity: '9999' }),
  });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/recipes');
  await page.getByLabel('Search recipes').fill('L'.repeat(20));
  await expect(page.locator('article.recipe-card')).toHaveCount(1);
  await noSideScroll(page, 'the recipe list at 320 px');
  for (const path of [`/recipes/${longest!.id}`, `/recipes/${longest!.id}/edit`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noSideScroll(page, `${path} at 320 px`);
  }
  await page.goto(`/recipes/${longest!.id}`);
  await expect(page.getByRole('table', { name: 'Cost of each ingredient' })).toBeVisible();
  const tableOverflow = await page.locator('.table-wrap').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(tableOverflow, 'the price breakdown scrolls sideways at 320 px').toBeLessThanOrEqual(0);
  await shoot(page, 'recipe-longest-name-320');
});

async function tryItemForm(page: Page, submit: string, shot?: string): Promise<void> {
  const item = page.getByLabel('Item', { exact: true });
  await item.fill('i'.repeat(LIMITS.itemName.max + 1));
  await expect(item).toHaveValue('i'.repeat(LIMITS.itemName.max));
  const long = 'i'.repeat(LIMITS.itemName.max + 1);
  await forceValue(page, 'Item', long);
  await page.getByLabel('Quantity', { exact: true }).fill('a few');
  await page.getByRole('button', { name: submit }).click();
  await expectRefused(page, 'Item', FIELD_MESSAGES.itemNameLong, long);
  await expectRefused(page, 'Quantity', FIELD_MESSAGES.itemQuantity, 'a few');
  if (shot) {
    await shoot(page, shot);
    await page.setViewportSize(DESKTOP);
    await shoot(page, `${shot}-desktop`);
    await page.setViewportSize(PHONE);
  }
  await page.getByLabel('Item', { exact: true }).fill('Rice');
  await page.getByLabel('Quantity', { exact: true }).fill('100001');
  await page.getByRole('button', { name: submit }).click();
  await expectRefused(page, 'Quantity', FIELD_MESSAGES.itemQuantityRange, '100001');
  await expect(page.getByLabel('Item', { exact: true })).not.toHaveAttribute('aria-invalid');
}

test('pantry and shopping refuse long names and odd quantities, and the pantry merges the same item', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Rowan'));

  await page.goto('/pantry');
  await expect(page.getByText('Your pantry is empty')).toBeVisible();
  await tryItemForm(page, 'Add to pantry', 'pantry-errors');
  await expect(page.getByText('Your pantry is empty')).toBeVisible();
  expect(await restAs(page, 'pantry?select=id')).toEqual([]);

  // The same item twice is one row with both quantities (issue 15: 12), names as stored (11).
  const add = async (name: string, quantity: string, unit: string) => {
    await page.getByLabel('Item', { exact: true }).fill(name);
    await page.getByLabel('Quantity', { exact: true }).fill(quantity);
    await page.getByLabel('Unit', { exact: true }).selectOption(unit);
    await page.getByRole('button', { name: 'Add to pantry' }).click();
  };
  const pantry = page.getByRole('list', { name: 'Pantry items' });
  await add('Plain flour', '1', 'kg');
  await expect(pantry.getByRole('listitem')).toHaveCount(1);
  await add('plain   FLOUR', '500', 'g');
  await expect(page.getByText('Added to your existing plain flour: now 1.5 kg.')).toBeVisible();
  await expect(pantry.getByRole('listitem')).toHaveCount(1);
  await add('plain flour', '2', 'cup');
  await expect(pantry.getByRole('listitem')).toHaveCount(2);
  await add('Sweet   chilli    sauce', '', '');
  await expect(pantry.getByRole('listitem').filter({ hasText: 'Sweet chilli sauce' })).toBeVisible();
  await add(`Long${'o'.repeat(LIMITS.itemName.max - 4)}`, '100000', 'g');
  await expect(pantry.getByRole('listitem')).toHaveCount(4);
  const rows = await restAs<{ name: string; quantity: number; unit: string | null }[]>(
    page,
    'pantry?select=name,quantity,unit',
  );
  const sorted = rows
    .map((r) => [r.name, r.quantity, r.unit])
    .sort((a, b) => String(a).localeCompare(String(b)));
  expect(sorted).toEqual([
    [`Long${'o'.repeat(LIMITS.itemName.max - 4)}`, 100000, 'g'],
    ['plain flour', 1.5, 'kg'],
    ['plain flour', 2, 'cup'],
    ['Sweet chilli sauce', null, null],
  ]);
  await shoot(page, 'pantry-merged');
  await expectAccessible(page, 'pantry');
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'pantry-merged-desktop');
  await page.setViewportSize({ width: 320, height: 640 });
  await noSideScroll(page, 'the pantry at 320 px');
  await page.setViewportSize(PHONE);

  await page.goto('/shopping');
  await expect(page.getByText('Your shopping list is empty')).toBeVisible();
  await tryItemForm(page, 'Add to list');
  await expect(page.getByText('Your shopping list is empty')).toBeVisible();
  expect(await restAs(page, 'shopping?select=id')).toEqual([]);
});

test('sign-up refuses a bad e-mail and a 73-byte password before asking the server', async ({ page }) => {
  const user = newUser('Morgan');
  const signups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/auth/v1/signup')) signups.push(r.url());
  });
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill('morgan@example');
  // 36 two-byte letters and one more: 37 characters, 73 bytes, past what bcrypt reads.
  const password = `${'é'.repeat(36)}x`;
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectRefused(page, 'Email', FIELD_MESSAGES.email, 'morgan@example');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(FIELD_MESSAGES.passwordLong);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-up$/);
  expect(signups).toEqual([]);
  // No account was made: signing in with that address fails.
  const res = await fetch(`${env.api}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: env.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password }),
  });
  expect(res.status).toBe(400);
});
