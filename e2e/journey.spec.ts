import { expect, newUser, planInGrid, signUp, test, visit } from './support/fixtures.ts';

test('a new user browses, favourites, plans the week with a cook, and keeps a pantry and shopping list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newUser('Jordan');
  await signUp(page, user);

  // Browse: the seeded recipes with nutrition and prices; search by name and by ingredient.
  const cards = page.locator('article.recipe-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  await expect(cards.first()).toContainText('kcal');
  await expect(cards.first().getByRole('list', { name: 'Price per portion' })).toBeVisible();
  await expect(page.getByText('Cheapest').first()).toBeVisible();
  await visit(page, 'recipes');
  const firstName = ((await cards.first().getByRole('heading').textContent()) ?? '').trim();
  await page.getByLabel('Search recipes').fill(firstName.slice(0, 6));
  await expect(cards.filter({ hasText: firstName })).toHaveCount(1);
  await page.getByLabel('Search recipes').fill('zzzz-no-such-recipe');
  await expect(page.getByText('No recipes match')).toBeVisible();
  await visit(page, 'recipes-empty-search');
  await page.getByLabel('Search recipes').fill('');

  // Favourite the first recipe; the favourites filter and page show it alone.
  await page.getByRole('button', { name: `Add ${firstName} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove ${firstName} from favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Favourites only').check();
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Favourites only').uncheck();
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await visit(page, 'favourites');
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove ${firstName} from favourites` })).toBeVisible();

  // Detail: quantities, nutrition, prices per chain and the breakdown; portions rescale.
  await cards.first().getByRole('link', { name: firstName }).click();
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

  // Cooks: add, the duplicate message from add-cook.
  await page.goto('/cooks');
  await expect(page.getByText('No cooks yet')).toBeVisible();
  await visit(page, 'cooks-empty');
  await page.getByLabel('Cook name').fill('Alex');
  await page.getByRole('button', { name: 'Add cook' }).click();
  await expect(
    page.getByRole('list', { name: 'Cooks' }).getByRole('listitem').filter({ hasText: 'Alex' }),
  ).toBeVisible();
  await page.getByLabel('Cook name').fill('  alex ');
  await page.getByRole('button', { name: 'Add cook' }).click();
  await expect(page.getByRole('alert')).toHaveText('A cook with this name already exists.');
  await visit(page, 'cooks');

  // Planner: today through 7 days ahead; a meal with a recipe and the cook.
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
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete Alex' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This cook is still assigned to one or more meals. Please unassign them before deleting.',
  );
  // Unassign, then the cook can go.
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
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete Alex' }).click();
  await expect(page.getByText('No cooks yet')).toBeVisible();

  // Pantry: a known ingredient and free text, edit, remove.
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

  // Shopping: the recipe's ingredients are there; add, tick, clear ticked.
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

  // Profile: first-word display name, avatar choice.
  await page.goto('/profile');
  await expect(page.getByText('Hello, Jordan')).toBeVisible();
  await page.getByLabel('lime').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.locator('.topbar img')).toHaveAttribute('src', '/avatars/lime.svg');
  await visit(page, 'profile');

  // No screen is wider than a 320 px phone (a long e-mail or name wraps instead).
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/recipes', '/favourites', '/planner', '/cooks', '/pantry', '/shopping', '/profile']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  }
});

test('a user creates, edits and deletes a recipe of their own', async ({ page }) => {
  const user = newUser('Casey');
  await signUp(page, user);
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
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect(page.getByText('Casey’s oat porridge')).toHaveCount(0);
});
