import type { Page } from '@playwright/test';
import { expect, planInGrid, test, visit } from './support/fixtures.ts';
import { JOURNEY_USER } from './support/signed-in.ts';

// Each journey of one signed-in user (e2e/sign-in.setup.ts signs them up once), in order: a
// journey that adds something takes it away again, so the next starts from what it expects.

const cards = (page: Page) => page.locator('article.recipe-card');

/** The recipe list, and the name of its first recipe. */
async function firstRecipe(page: Page): Promise<string> {
  await page.goto('/recipes');
  await expect(cards(page).first()).toBeVisible();
  return ((await cards(page).first().getByRole('heading').textContent()) ?? '').trim();
}

/** Adds a cook on the cooks screen and waits for it in the list. */
async function addCook(page: Page, name: string): Promise<void> {
  await page.getByLabel('Cook name').fill(name);
  await page.getByRole('button', { name: 'Add cook' }).click();
  await expect(
    page.getByRole('list', { name: 'Cooks' }).getByRole('listitem').filter({ hasText: name }),
  ).toBeVisible();
}

/** Deletes a cook on the cooks screen, accepting the confirmation. */
async function deleteCook(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete cook' })
    .click();
}

test('browse: the recipes show nutrition and prices, and search finds one by name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(1);
  await expect(cards(page).first()).toContainText('kcal');
  await expect(cards(page).first().getByRole('list', { name: 'Price per portion' })).toBeVisible();
  await expect(page.getByText('Cheapest').first()).toBeVisible();
  await visit(page, 'recipes');
  const firstName = ((await cards(page).first().getByRole('heading').textContent()) ?? '').trim();
  await page.getByLabel('Search recipes').fill(firstName.slice(0, 6));
  await expect(cards(page).filter({ hasText: firstName })).toHaveCount(1);
  await page.getByLabel('Search recipes').fill('zzzz-no-such-recipe');
  await expect(page.getByText('No recipes match')).toBeVisible();
  await visit(page, 'recipes-empty-search');
  await page.getByLabel('Search recipes').fill('');
});

test('favourites: a favourite shows alone under the filter and on its page, after a reload too', async ({
  page,
}) => {
  const firstName = await firstRecipe(page);
  await page.getByRole('button', { name: `Add ${firstName} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove ${firstName} from favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Favourites only').check();
  await expect(cards(page)).toHaveCount(1);
  await page.getByLabel('Favourites only').uncheck();
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await visit(page, 'favourites');
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove ${firstName} from favourites` })).toBeVisible();
});

test('recipe detail: quantities, nutrition and each chain’s price; portions rescale; the lines go to the list', async ({
  page,
}) => {
  const firstName = await firstRecipe(page);
  await cards(page).first().getByRole('link', { name: firstName }).click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cost of each ingredient' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Price per portion' })).toBeVisible();
  const firstQty = page.locator('.ingredients .qty').first();
  const before = (await firstQty.textContent()) ?? '';
  const totalEnergy = page.getByRole('definition').filter({ hasText: 'kcal' }).nth(1);
  const energyBefore = (await totalEnergy.textContent()) ?? '';
  await visit(page, 'recipe-detail');
  const portions = page.getByRole('spinbutton', { name: 'Portions' });
  const base = Number(await portions.inputValue());
  await page.getByRole('button', { name: 'More portions' }).click();
  await expect(portions).toHaveValue(String(base + 1));
  await portions.fill(String(base * 2));
  await expect(firstQty).not.toHaveText(before);
  await expect(totalEnergy).not.toHaveText(energyBefore);
  await page.getByRole('button', { name: 'Add to shopping list' }).click();
  await expect(page.getByText(`Added the ingredients of ${firstName}`)).toBeVisible();
});

test('cooks: a cook is added, and the same name again gets add-cook’s duplicate message', async ({
  page,
}) => {
  await page.goto('/cooks');
  await expect(page.getByText('No cooks yet')).toBeVisible();
  await visit(page, 'cooks-empty');
  await addCook(page, 'Alex');
  await page.getByLabel('Cook name').fill('  alex ');
  await page.getByRole('button', { name: 'Add cook' }).click();
  await expect(page.getByRole('alert')).toHaveText('A cook with this name already exists.');
  await visit(page, 'cooks');
  await deleteCook(page, 'Alex');
  await expect(page.getByText('No cooks yet')).toBeVisible();
});

test('planner: today and 7 days ahead; a meal gets a recipe and a cook, who cannot go until unassigned', async ({
  page,
}) => {
  const firstName = await firstRecipe(page);
  await page.goto('/cooks');
  await addCook(page, 'Alex');

  await page.goto('/planner');
  const days = page.locator('.week-day');
  await expect(days).toHaveCount(8);
  await expect(days.first().getByRole('heading', { level: 2 })).toContainText('Today');
  await planInGrid(page, 0, 'dinner', firstName, 'Alex');
  const planned = days
    .first()
    .getByRole('list', { name: /dinner$/ })
    .getByRole('listitem');
  await expect(planned).toHaveCount(1);
  await expect(planned).toContainText('Alex cooks');
  await visit(page, 'planner');

  // Deleting a cook still assigned to a meal gives the 23503 message.
  await page.goto('/cooks');
  await deleteCook(page, 'Alex');
  await expect(page.getByRole('alert')).toHaveText(
    'This cook is still assigned to one or more meals. Please unassign them before deleting.',
  );
  // Unassign, then the cook can go; the meal leaves with the journey.
  await page.goto('/planner');
  const meal = page
    .locator('.week-day')
    .first()
    .getByRole('list', { name: /dinner$/ })
    .getByRole('listitem');
  await meal.getByRole('button', { name: /Change$/ }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Anyone' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save meal' }).click();
  await expect(meal).toContainText('Anyone cooks');
  await page.goto('/cooks');
  await deleteCook(page, 'Alex');
  await expect(page.getByText('No cooks yet')).toBeVisible();
});

test('pantry: an item is added, its quantity edited, and removed', async ({ page }) => {
  await page.goto('/pantry');
  await expect(page.getByText('Your pantry is empty')).toBeVisible();
  await visit(page, 'pantry-empty');
  await page.getByLabel('Item', { exact: true }).fill('Homemade stock');
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add to pantry' }).click();
  const pantry = page.getByRole('list', { name: 'Pantry items' });
  await expect(pantry.getByRole('listitem').filter({ hasText: 'Homemade stock' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Homemade stock' }).click();
  await pantry.getByLabel('Quantity').fill('3');
  await pantry.getByRole('button', { name: 'Save' }).click();
  await expect(pantry.getByRole('listitem').filter({ hasText: '· 3' })).toBeVisible();
  await visit(page, 'pantry');
  await page.getByRole('button', { name: 'Remove Homemade stock' }).click();
  await expect(page.getByText('Your pantry is empty')).toBeVisible();
  // Undo puts the same row back, quantity and all.
  const undo = page.getByRole('status').filter({ hasText: 'Deleted Homemade stock.' });
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(pantry.getByRole('listitem').filter({ hasText: 'Homemade stock · 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Homemade stock' }).click();
  await expect(page.getByText('Your pantry is empty')).toBeVisible();
});

test('shopping: a recipe’s ingredients are on the list; an item is added, ticked and cleared', async ({
  page,
}) => {
  const firstName = await firstRecipe(page);
  await cards(page).first().getByRole('link', { name: firstName }).click();
  await page.getByRole('button', { name: 'Add to shopping list' }).click();
  await expect(page.getByText(`Added the ingredients of ${firstName}`)).toBeVisible();

  await page.goto('/shopping');
  const shopping = page.getByRole('list', { name: 'Shopping items' });
  await expect(shopping.getByRole('listitem').first()).toBeVisible();
  const fromRecipe = await shopping.getByRole('listitem').count();
  await page.getByLabel('Item', { exact: true }).fill('Dishwashing liquid');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(shopping.getByRole('listitem').filter({ hasText: 'Dishwashing liquid' })).toBeVisible();
  await page.getByLabel('Tick off Dishwashing liquid').check();
  await expect(page.getByLabel('Tick off Dishwashing liquid')).toBeChecked();
  await visit(page, 'shopping');
  await page.getByRole('button', { name: /Clear ticked/ }).click();
  await expect(shopping.getByRole('listitem').filter({ hasText: 'Dishwashing liquid' })).toHaveCount(0);
  await expect(shopping.getByRole('listitem')).toHaveCount(fromRecipe);
});

test('profile: the greeting uses the first word of the name; a chosen avatar shows in the top bar', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page.getByText(`Hello, ${JOURNEY_USER}`)).toBeVisible();
  await page.getByLabel('lime').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.locator('.topbar img')).toHaveAttribute('src', '/avatars/lime.svg');
  await visit(page, 'profile');
});

test('phone: no screen is wider than 320 px (a long e-mail or name wraps instead)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/recipes',
    '/favourites',
    '/planner',
    '/cooks',
    '/pantry',
    '/shopping',
    '/profile',
    '/household',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  }
  // An address to invite gets the card's width, its button below it (it was squeezed to 70 px at 320 px).
  const email = await page.getByRole('textbox', { name: 'Email' }).boundingBox();
  const send = await page.getByRole('button', { name: 'Send invitation' }).boundingBox();
  expect(email!.width).toBeGreaterThan(220);
  expect(send!.y).toBeGreaterThan(email!.y + email!.height);
});

test('own recipe: one is created, edited and deleted', async ({ page }) => {
  await page.goto('/recipes');
  await page.getByRole('link', { name: 'New recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New recipe' })).toBeVisible();
  await visit(page, 'recipe-new');
  await page.getByLabel('Recipe name').fill('Casey’s porridge');
  await page.getByLabel('Portions').fill('2');
  await page.getByLabel('Time (minutes)').fill('10');
  const ingredient = page.getByLabel('Ingredient 1', { exact: true });
  await ingredient.fill('');
  const option = await page.locator('datalist option').first().getAttribute('value');
  await ingredient.fill(option!);
  await page.getByLabel('Quantity').fill('1 1/2');
  await page.getByLabel('Method (one step per line)').fill('Simmer.\nServe warm.');
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Casey’s porridge' })).toBeVisible();
  await expect(page.getByText('10 min')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Serve warm.' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Recipe name').fill('Casey’s oat porridge');
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Casey’s oat porridge' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect(page.getByText('Casey’s oat porridge')).toHaveCount(0);
});
