import type { Page } from '@playwright/test';
import { env, expect, newUser, restAs, shoot, signUp, test, visit } from './support/fixtures.ts';

/** A photo as a phone makes one: 2400 × 1800 PNG, drawn in the page. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const c = canvas.getContext('2d')!;
    const g = c.createLinearGradient(0, 0, 2400, 1800);
    g.addColorStop(0, '#e9a23b');
    g.addColorStop(1, '#5b9a46');
    c.fillStyle = g;
    c.fillRect(0, 0, 2400, 1800);
    c.fillStyle = '#fffdf8';
    c.beginPath();
    c.arc(1200, 900, 600, 0, Math.PI * 2);
    c.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function newRecipe(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'New recipe' }).click();
  await page.getByLabel('Recipe name').fill(name);
  const ingredient = page.getByLabel('Ingredient 1', { exact: true });
  const option = await page.locator('datalist option').first().getAttribute('value');
  await ingredient.fill(option!);
  await page.getByLabel('Quantity').fill('200');
}

test('a photo for an own recipe: checked, resized, on the card and the page, removed with the recipe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Pat'));
  await newRecipe(page, 'Pat’s pumpkin soup');

  // A file that is not a photo is refused at once, in words.
  const chooser = page.getByLabel('Choose a photo');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('soup') });
  await expect(page.getByText('Choose a JPEG, PNG or WebP photo.')).toBeVisible();

  await chooser.setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: await phonePhoto(page) });
  await expect(page.getByRole('img', { name: 'Chosen for this recipe, not saved yet' })).toBeVisible();
  await visit(page, 'kitchen-editor-photo');
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pat’s pumpkin soup' })).toBeVisible();

  // Stored in the author's folder under the recipe, made smaller, with a thumbnail.
  const [recipe] = await restAs<{ id: string; user_id: string; photo_path: string }[]>(
    page,
    'recipes?select=id,user_id,photo_path&name=eq.Pat’s pumpkin soup',
  );
  expect(recipe!.photo_path).toMatch(
    new RegExp(`^${recipe!.user_id}/${recipe!.id}/photo-[0-9a-z]+\\.(webp|jpg)$`),
  );
  const large = page.locator('.recipe-image.large img');
  await expect(large).toBeVisible();
  expect(await large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await visit(page, 'kitchen-recipe-photo');

  await page.goto('/recipes');
  await page.getByLabel('Search recipes').fill('pumpkin soup');
  const card = page.getByRole('article').filter({ hasText: 'Pat’s pumpkin soup' });
  const thumb = card.locator('.recipe-image img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  expect(await thumb.getAttribute('src')).toContain('/thumb-');
  // Default recipes get a drawn placeholder.
  await page.getByLabel('Search recipes').fill('');
  await expect(page.locator('.recipe-card .recipe-image-art').first()).toBeVisible();
  await shoot(page, 'kitchen-cards-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'kitchen-cards-1280', false);
  await page.setViewportSize({ width: 390, height: 844 });

  // Deleting the recipe removes its files.
  const photoUrl = `${env.api}/storage/v1/object/public/recipe-photos/${recipe!.photo_path}`;
  expect((await fetch(photoUrl)).status).toBe(200);
  await page.getByLabel('Search recipes').fill('pumpkin soup');
  await card.getByRole('link', { name: 'Pat’s pumpkin soup' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  await expect.poll(async () => (await fetch(photoUrl)).status).not.toBe(200);
});

test('recipes people want to open: tag an own recipe, search and filter, print it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Lee'));
  await newRecipe(page, 'Lee’s weeknight dal');
  await page.getByLabel('Tags').fill('Quick, family favourite, quick');
  // The meal it is for: the planner's picker offers it first there.
  await page.getByLabel('Meal', { exact: true }).selectOption('Dinner');
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lee’s weeknight dal' })).toBeVisible();
  expect(await restAs<{ meal_type: string }[]>(page, 'recipes?select=meal_type&is_default=eq.false')).toEqual(
    [{ meal_type: 'dinner' }],
  );
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'quick',
    'family favourite',
  ]);

  // On paper: the recipe without the app around it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Method' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cost over 12 weeks' })).toBeHidden();
  await shoot(page, 'kitchen-print');
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/recipes');
  const count = page.getByRole('status').filter({ hasText: /recipes?$/ });
  await expect(count).toHaveText(/^\d+ recipes$/);
  // A tag in the search box, or from the tag filter.
  await page.getByLabel('Search recipes').fill('FAMILY fav');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Search recipes').fill('');
  await page.getByLabel('Tag', { exact: true }).selectOption('quick');
  await expect(page.getByRole('article')).toHaveText([/Lee’s weeknight dal/]);
  await page.getByLabel('Tag', { exact: true }).selectOption('vegetarian');
  const vegetarian = await page.getByRole('article').count();
  expect(vegetarian).toBeGreaterThan(0);
  // Energy narrows what is left; every card shown is within it.
  await page.getByLabel('Energy per portion').selectOption('300');
  for (const kcal of await page
    .getByRole('article')
    .getByText(/\d+ kcal/)
    .allTextContents()) {
    expect(Number(kcal.match(/(\d+) kcal/)![1])).toBeLessThanOrEqual(300);
  }
  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByLabel('Energy per portion').selectOption('');
  // By ingredient, with time and cost.
  await page.getByLabel('Search recipes').fill('garlic');
  const withGarlic = await page.getByRole('article').count();
  expect(withGarlic).toBeGreaterThan(1);
  await page.getByLabel('Time').selectOption('30');
  await page.getByLabel('Cost per portion').selectOption('4');
  expect(await page.getByRole('article').count()).toBeLessThanOrEqual(withGarlic);
  await visit(page, 'kitchen-filters');
  await page.getByLabel('Search recipes').fill('zzzz-nothing');
  await expect(page.getByText('No recipes match')).toBeVisible();
});

test('plan a meal in the week grid with the keyboard: search the picker, choose the cook, move it; drag on a desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Kim'));
  await page.goto('/cooks');
  await page.getByLabel('Cook name').fill('Alex');
  await page.getByLabel('Cook name').press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: 'Alex' })).toBeVisible();

  await page.goto('/planner');
  await expect(page.getByRole('heading', { level: 2, name: /^Today/ })).toBeVisible();
  // A phone shows one day; the arrows go to the next.
  await expect(page.getByRole('heading', { level: 2, name: /^Tomorrow/ })).toBeHidden();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tomorrow/ })).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();

  // Keyboard only: open "Add dinner" for today, type, arrow, Enter.
  await page.getByRole('button', { name: /Add Today.*dinner/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Add dinner, Today/ });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByRole('combobox', { name: 'Recipe' });
  await expect(picker).toBeFocused();
  await page.keyboard.type('pumpkin');
  const options = dialog.getByRole('listbox').getByRole('option');
  await expect(options.first()).toContainText(/pumpkin/i);
  await visit(page, 'kitchen-planner-picker');
  await page.keyboard.press('ArrowDown');
  const chosen = (await options.first().locator('.picker-name').textContent())!;
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(chosen);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Anyone' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Alex' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save meal' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const todayDinner = page.getByRole('list', { name: /^Today.*dinner$/ });
  await expect(todayDinner.getByRole('button', { name: new RegExp(`^${chosen}`) })).toContainText(
    'Alex cooks',
  );
  await visit(page, 'kitchen-planner-390');

  // Move it to tomorrow's lunch from the keyboard.
  await todayDinner.getByRole('button', { name: /^Move / }).focus();
  await page.keyboard.press('Enter');
  const move = page.getByRole('dialog', { name: /^Move / });
  await move.getByRole('radio', { name: /^Tomorrow/ }).check();
  await move.getByRole('radio', { name: 'Lunch' }).check();
  await move.getByRole('button', { name: 'Move here' }).press('Enter');
  await expect(move).toBeHidden();
  await expect
    .poll(async () =>
      (await restAs<{ slot: string }[]>(page, 'meal_planner?select=slot,cook_id')).map((m) => m.slot),
    )
    .toEqual(['lunch']);

  // On a desktop the whole week shows, and a meal can be dragged.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { level: 2, name: /^Tomorrow/ })).toBeVisible();
  const card = page.getByRole('list', { name: /^Tomorrow.*lunch$/ }).getByRole('listitem');
  await card.dragTo(page.locator('.week-day').nth(3).locator('.week-slot').nth(3));
  await expect(
    page.locator('.week-day').nth(3).locator('.week-slot').nth(3).getByRole('listitem'),
  ).toHaveCount(1);
  await expect
    .poll(async () => (await restAs<{ slot: string }[]>(page, 'meal_planner?select=slot')).map((m) => m.slot))
    .toEqual(['snack']);
  await shoot(page, 'kitchen-planner-1280', false);
  await visit(page, 'kitchen-planner-desktop');

  // Removed by mistake: Undo puts the same meal back, cook and all.
  const moved = page.locator('.week-day').nth(3).locator('.week-slot').nth(3).getByRole('listitem');
  await moved.getByRole('button', { name: /Change$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(moved).toHaveCount(0);
  await page
    .getByRole('status')
    .filter({ hasText: `Removed ${chosen}` })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(moved).toContainText('Alex cooks');
  expect(await restAs<{ slot: string }[]>(page, 'meal_planner?select=slot')).toEqual([{ slot: 'snack' }]);
});

// Without the service worker: once it has precached the release, it serves the dialogs' code
// itself and the page never asks the server for it, so whether the server's answer was seen
// depended on how soon the worker installed.
test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a tab left open across a release: a code file that is gone reloads the page once, and the dialog opens', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, newUser('Lee'));
    // Until the page loads again, the meal dialogs' code is gone, as it is for a tab still running
    // the last release; the page loaded again runs the release the server has now.
    let documents = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents++;
    });
    let refused = 0;
    await page.route(/\/assets\/meal-dialog-[\w-]+\.js$/, (route) => {
      if (documents > 1) return route.continue();
      refused++;
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.goto('/planner');
    // The week draws, fetches the dialogs' code when idle, finds it gone, and loads the page again.
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect.poll(() => documents).toBe(2);
    await page.getByRole('button', { name: /Add Today.*dinner/ }).click();
    await expect(page.getByRole('dialog', { name: /Add dinner, Today/ })).toBeVisible();
  });
});

test('an own ingredient: added from the recipe editor, used in the recipe with its density, private, unpriced', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Nonna'));
  await page.getByRole('link', { name: 'New recipe' }).click();
  await page.getByLabel('Recipe name').fill('Sunday sugo');
  await page.getByLabel('Portions').fill('1');
  await page.getByLabel('Ingredient 1', { exact: true }).fill('Nonna’s passata');
  await page.getByLabel('Ingredient 1', { exact: true }).blur();
  await page.getByRole('button', { name: 'Add “Nonna’s passata” as your own ingredient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add your own ingredient' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Nonna’s passata');
  // Copied from a built-in one, then adjusted; a value over the limit is said before saving.
  await dialog.getByLabel('Copy nutrition from').fill('tomato');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByLabel('Energy (kcal per 100 g)')).not.toHaveValue('');
  await dialog.getByLabel('Protein (g per 100 g)').fill('1.5');
  await dialog.getByLabel('Carbohydrate (g per 100 g)').fill('7');
  await dialog.getByLabel('Fat (g per 100 g)').fill('0.2');
  await dialog.getByLabel('Energy (kcal per 100 g)').fill('1000');
  await dialog.getByLabel('Density (g per mL)').fill('1.04');
  await dialog.getByLabel('Pack size').fill('700');
  await dialog.getByLabel('Pack unit').selectOption('g');
  await dialog.getByLabel('Shop aisle').selectOption('pantry');
  await dialog.getByRole('button', { name: 'Add ingredient' }).click();
  await expect(dialog.getByText('Enter kcal per 100 g, from 0 to 900.')).toBeVisible();
  await dialog.getByLabel('Energy (kcal per 100 g)').fill('35');
  await visit(page, 'kitchen-own-ingredient');
  await dialog.getByRole('button', { name: 'Add ingredient' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Ingredient 1', { exact: true })).toHaveValue('Nonna’s passata');
  await page.getByLabel('Quantity').fill('1');
  await page.getByLabel('Unit').selectOption('cup');
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday sugo' })).toBeVisible();
  // 1 cup = 250 mL × 1.04 g/mL = 260 g at 35 kcal per 100 g: 91 kcal.
  await expect(page.getByRole('region', { name: 'Nutrition' }).getByText('91 kcal').first()).toBeVisible();
  const [own] = await restAs<{ id: number; user_id: string; source: string; shop_category: string }[]>(
    page,
    'ingredients?select=id,user_id,source,shop_category&name=eq.Nonna’s passata',
  );
  expect(own!.source).toBe('own');
  expect(own!.shop_category, 'the aisle chosen for it (issue 25)').toBe('pantry');
  expect(await restAs<unknown[]>(page, `ingredient_prices?ingredient_id=eq.${own!.id}`)).toEqual([]);
  await shoot(page, 'kitchen-own-ingredient-recipe');

  // Bought in its own packs: putting 1 kg of it away is two 700 g packs.
  const [me] = await restAs<{ household_id: string }[]>(page, 'users?select=household_id');
  await restAs(page, 'shopping', {
    method: 'POST',
    body: JSON.stringify({
      household_id: me!.household_id,
      name: 'Nonna’s passata',
      ingredient_id: own!.id,
      quantity: 1,
      unit: 'kg',
    }),
  });
  await page.goto('/shopping');
  await page.getByLabel('Tick off Nonna’s passata').check();
  await page.getByRole('button', { name: 'Put away ticked (1)' }).click();
  const putAway = page.getByRole('region', { name: 'Put the shopping away' });
  await expect(putAway).toContainText('2 × 700 g, your pack');
  await expect(putAway.getByRole('spinbutton', { name: /^Nonna’s passata/ })).toHaveValue('1400');
  await putAway.getByRole('button', { name: 'Put away', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 item put away in the pantry.' })).toBeVisible();
  expect(await restAs<{ quantity: number; unit: string }[]>(page, 'pantry?select=quantity,unit')).toEqual([
    { quantity: 1400, unit: 'g' },
  ]);
  // Kept as one of its packs instead, it is 700 g: enough for the sugo's 260 g (1 g before).
  await restAs(page, `pantry?ingredient_id=eq.${own!.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ quantity: 1, unit: 'packet' }),
  });
  await page.goto('/pantry/cook');
  await page.getByRole('radio', { name: 'Can cook now' }).check();
  await expect(page.getByRole('article', { name: 'Sunday sugo' }).getByText('Can cook now')).toBeVisible();

  // Nobody else sees it.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signUp(page, newUser('Other'));
  expect(await restAs<unknown[]>(page, `ingredients?id=eq.${own!.id}`)).toEqual([]);
});

test('the shopping list in a shop without reception: ticks and additions wait offline, then are saved', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Shopper'));
  await page.goto('/shopping');
  for (const name of ['Bread', 'Apples', 'Cheese']) {
    await page.getByLabel('Item', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByLabel(`Tick off ${name}`)).toBeVisible();
  }
  // The app is installable: a manifest and a service worker that controls the page. `ready`
  // answers once a worker is active, which may still be 'activating' (seen on a loaded machine).
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: /^Offline/ });
  await expect(banner).toContainText('Offline — 0 changes waiting');
  await page.getByLabel('Tick off Bread').check();
  await page.getByLabel('Tick off Apples').check();
  await page.getByLabel('Item', { exact: true }).fill('Milk');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByLabel('Tick off Milk')).toBeVisible();
  await expect(banner).toContainText('Offline — 3 changes waiting');
  await expect(page.getByLabel('Tick off Bread')).toBeChecked();
  // Removing waits too, and so does its Undo: Cheese goes; Apples goes and comes back.
  await page.getByRole('button', { name: 'Remove Cheese' }).click();
  await expect(page.getByLabel('Tick off Cheese')).toBeHidden();
  await page.getByRole('button', { name: 'Remove Apples' }).click();
  await expect(page.getByLabel('Tick off Apples')).toBeHidden();
  await page
    .getByRole('status')
    .filter({ hasText: 'Removed Apples.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByLabel('Tick off Apples')).toBeChecked();
  await expect(banner).toContainText('Offline — 4 changes waiting');
  await visit(page, 'kitchen-shopping-offline');
  // Opened again without a connection: the service worker serves the app, the browser the last
  // list with what waits in the queue.
  await page.reload();
  await expect(page.getByLabel('Tick off Bread')).toBeChecked();
  await expect(page.getByLabel('Tick off Apples')).toBeChecked();
  await expect(page.getByLabel('Tick off Cheese')).toBeHidden();
  await expect(page.getByLabel('Tick off Milk')).toBeVisible();
  await expect(banner).toContainText('Offline — 4 changes waiting');

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect
    .poll(async () =>
      (
        await restAs<{ name: string; checked: boolean }[]>(page, 'shopping?select=name,checked&order=name')
      ).map((r) => `${r.name} ${r.checked}`),
    )
    .toEqual(['Apples true', 'Bread true', 'Milk false']);
  await page.reload();
  await expect(page.getByLabel('Tick off Bread')).toBeChecked();
  await expect(page.getByLabel('Tick off Milk')).not.toBeChecked();
});
