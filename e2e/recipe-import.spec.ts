import type { Page } from '@playwright/test';
import { gzipSync, strToU8, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { mealWindow } from '../shared/dates/meal-window.ts';
import { env, expect, newUser, restAs, signUp, test, visit } from './support/fixtures.ts';
import { grocyDatabase } from './support/grocy-db.ts';

test('bring a recipe from a web page: read, re-match a line, save, priced; again, no copy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Jo'));
  await page.goto(`${env.web}/recipes`);
  await page.getByRole('link', { name: 'Bring your recipes' }).click();

  await page.getByLabel('Address of the recipe page').fill(`${env.recipePages}/shortbread`);
  await page.getByRole('button', { name: 'Read the recipe' }).click();
  const recipe = page.getByRole('article', { name: 'Test-kitchen shortbread' });
  await expect(recipe).toBeVisible();

  // The markup in a line is shown as text; an unsure match is marked; re-match it to plain flour.
  await expect(recipe.getByText('a little patience', { exact: true })).toBeVisible();
  // Its yield, time, photo, category and cuisine come along, not the one naming the recipe itself
  // nor the keywords written for search engines.
  await expect(recipe.getByText('Serves 16 · 45 min · with its photo · Tags: snack, scottish')).toBeVisible();
  await expect(recipe.getByText(/^Check this match/)).toBeVisible();
  // The review is a phone's width, its unsure line too (it once took the checkbox labels' one-line style).
  await visit(page, 'recipe-import-review');
  const flour = recipe.getByRole('combobox', { name: 'Ingredient for “2 cups stone-ground plain flour”' });
  await flour.fill('wholemeal');
  await page.getByRole('option', { name: 'wholemeal flour', exact: true }).click();
  await expect(recipe.getByText(/^Check this match/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByText(/Test-kitchen shortbread: imported/)).toBeVisible();
  const [line] = await restAs<{ ingredients: { name: string } }[]>(
    page,
    'recipe_ingredients?select=ingredients(name),recipes!inner(name)&recipes.name=eq.Test-kitchen shortbread&position=eq.2',
  );
  expect(line?.ingredients.name).toBe('wholemeal flour');
  await page.getByRole('link', { name: 'Test-kitchen shortbread' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Test-kitchen shortbread' })).toBeVisible();
  await expect(page.getByText('By Robin Tester')).toBeVisible();
  const [saved0] = await restAs<{ tags: string[]; meal_type: string | null; photo_path: string | null }[]>(
    page,
    'recipes?select=tags,meal_type,photo_path&name=eq.Test-kitchen shortbread',
  );
  expect(saved0).toEqual({
    tags: ['snack', 'scottish'],
    meal_type: 'snack',
    // The page's photo, fetched by the function and scaled in the browser as a chosen one is.
    photo_path: expect.stringMatching(/photo-[0-9a-z]+\.(webp|jpg)$/),
  });
  await expect(page.locator('.recipe-image.large img')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('scottish')).toBeVisible();
  await expect(page.getByText('This line is kept as text: not counted in nutrition or price.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Price per portion' })).toBeVisible();

  // The same page again updates the recipe: still one.
  await page.goto(`${env.web}/recipes/import`);
  await page.getByLabel('Address of the recipe page').fill(`${env.recipePages}/shortbread`);
  await page.getByRole('button', { name: 'Read the recipe' }).click();
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByText(/Test-kitchen shortbread: updated/)).toBeVisible();
  const saved = await restAs<{ id: string }[]>(page, 'recipes?select=id&name=eq.Test-kitchen shortbread');
  expect(saved).toHaveLength(1);

  // A line kept as text is finished in the editor: here, removed.
  await page.getByRole('link', { name: 'Test-kitchen shortbread' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Kept as text from the import' })).toBeVisible();
  await visit(page, 'recipe-import-text-lines');
  await page.getByRole('button', { name: 'Remove: a little patience' }).click();
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test-kitchen shortbread' })).toBeVisible();
  await expect(page.getByText(/kept as text: not counted/)).toHaveCount(0);
  expect(
    await restAs<{ text_lines: string[] }[]>(
      page,
      'recipes?select=text_lines&name=eq.Test-kitchen shortbread',
    ),
  ).toEqual([{ text_lines: [] }]);
});

test('bring a Paprika export of three recipes with photos: progress, report; again, nothing duplicated', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Sam'));
  await page.goto(`${env.web}/recipes/import`);
  // A small JPEG drawn in the page, as Paprika stores photos (base64 in the recipe's JSON).
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#c4713b';
    c.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg').split(',')[1]!;
  });
  // Three recipes written for this test, each gzipped JSON in a zip, as Paprika exports them.
  const entries = Object.fromEntries(
    ['Test damper', 'Test pikelets', 'Test scones'].map((name, i) => [
      `${name}.paprikarecipe`,
      gzipSync(
        strToU8(
          JSON.stringify({
            uid: `TEST-${i}`,
            name,
            ingredients: '2 cups plain flour\n1 cup full-cream milk\na good pinch of patience',
            directions: 'Mix.\nCook.',
            servings: '4',
            photo_data: jpeg,
          }),
        ),
      ),
    ]),
  );
  const file = {
    name: 'mine.paprikarecipes',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  };

  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('3 imported, 0 updated, 0 skipped, 0 refused.')).toBeVisible();
  const first = await restAs<{ id: string; photo_path: string | null; text_lines: string[] }[]>(
    page,
    'recipes?select=id,photo_path,text_lines&import_source=eq.paprika',
  );
  expect(first).toHaveLength(3);
  for (const r of first) {
    expect(r.photo_path).toMatch(/photo-[0-9a-z]+\.(webp|jpg)$/);
    expect(r.text_lines).toEqual(['a good pinch of patience']);
  }

  // The same file again: nothing in it changed, so every recipe is skipped, saying why.
  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('0 imported, 0 updated, 3 skipped, 0 refused.')).toBeVisible();
  await expect(page.getByText('Test damper: skipped — unchanged since it was last imported')).toBeVisible();

  // One recipe changed in the app it came from: that one is updated, the others skipped.
  const changed = JSON.stringify({
    uid: 'TEST-0',
    name: 'Test damper',
    ingredients: '3 cups plain flour\n1 cup full-cream milk\na good pinch of patience',
    directions: 'Mix.\nCook.',
    servings: '4',
  });
  await page.getByLabel(/^Export file/).setInputFiles({
    ...file,
    buffer: Buffer.from(zipSync({ ...entries, 'Test damper.paprikarecipe': gzipSync(strToU8(changed)) })),
  });
  await expect(page.getByText('0 imported, 1 updated, 2 skipped, 0 refused.')).toBeVisible();
  await expect(page.getByText('Test damper: updated', { exact: true })).toBeVisible();
  const again = await restAs<{ id: string }[]>(page, 'recipes?select=id&import_source=eq.paprika');
  expect(again.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());

  // Or left as they are by choice: the old damper file again does not undo the change.
  await page
    .getByRole('group', { name: 'A recipe you imported before' })
    .last()
    .getByLabel('Leave it as it is')
    .check();
  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('0 imported, 0 updated, 3 skipped, 0 refused.')).toBeVisible();
  await expect(page.getByText(/: skipped — already imported, and kept as it was$/)).toHaveCount(3);
  expect(await restAs<unknown[]>(page, 'recipes?select=id&import_source=eq.paprika')).toHaveLength(3);
});

test('cancel a long export import: what was saved is whole, nothing partial; the rest is not started', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Kit'));
  await page.goto(`${env.web}/recipes/import`);
  // 150 recipes written for this test, so the import is still going when Cancel is pressed.
  const count = 150;
  const entries = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `Test loaf ${i}.paprikarecipe`,
      gzipSync(
        strToU8(
          JSON.stringify({
            uid: `LOAF-${i}`,
            name: `Test loaf ${i}`,
            ingredients: '2 cups plain flour\n1 cup full-cream milk\na good pinch of patience',
            directions: 'Mix.\nBake.',
          }),
        ),
      ),
    ]),
  );
  await page.getByLabel(/^Export file/).setInputFiles({
    name: 'loaves.paprikarecipes',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  });
  const progress = page.getByRole('progressbar', { name: 'Recipes imported' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', String(count));
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: 'Cancel' }).click();

  const summary = page.getByText(/^\d+ imported, 0 updated, 0 skipped, 0 refused\.$/);
  await expect(summary).toBeVisible();
  const imported = Number((await summary.textContent())?.split(' ')[0]);
  expect(imported).toBeGreaterThanOrEqual(2);
  expect(imported).toBeLessThan(count);
  await expect(
    page.getByText(
      `Cancelled: ${count - imported} of ${count} recipes were not imported. Those saved are whole.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Exactly the reported recipes are saved, each whole: both matched lines and the text line.
  const saved = await restAs<
    { name: string; text_lines: string[]; recipe_ingredients: { count: number }[] }[]
  >(page, 'recipes?select=name,text_lines,recipe_ingredients(count)&import_source=eq.paprika');
  expect(saved).toHaveLength(imported);
  for (const r of saved) {
    expect(r.recipe_ingredients[0]?.count).toBe(2);
    expect(r.text_lines).toEqual(['a good pinch of patience']);
  }
});

test('an export with an entry outside it, or one that expands too far, is refused saying why', async ({
  page,
}) => {
  await signUp(page, newUser('Lee'));
  await page.goto(`${env.web}/recipes/import`);
  const recipe = gzipSync(
    strToU8(JSON.stringify({ uid: 'SNEAK-1', name: 'Test sneaky scones', ingredients: '1 cup plain flour' })),
  );
  await page.getByLabel(/^Export file/).setInputFiles({
    name: 'sneaky.paprikarecipes',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ '../Test sneaky scones.paprikarecipe': recipe })),
  });
  await expect(
    page.getByText(
      /has an entry named "\.\.\/Test sneaky scones\.paprikarecipe" outside the export; the file is refused\./,
    ),
  ).toBeVisible();

  // 5 MB of zeros squeezes into a few kilobytes: refused before it is expanded.
  await page.getByLabel(/^Export file/).setInputFiles({
    name: 'bomb.paprikarecipes',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ 'Test bomb.paprikarecipe': new Uint8Array(5 * 1024 * 1024) })),
  });
  await expect(
    page.getByText(/"Test bomb\.paprikarecipe" expands more than 100 times; the file is refused\./),
  ).toBeVisible();
  await expect(page.getByText(/outside the export/)).toHaveCount(0);

  const saved = await restAs<{ id: string }[]>(page, 'recipes?select=id&import_source=eq.paprika');
  expect(saved).toHaveLength(0);
});

/** Opens a screen's "Bring your … from Grocy", chooses the file and waits for what it found. */
async function bringFromGrocy(
  page: Page,
  what: string,
  file: Parameters<Page['setInputFiles']>[1],
  found: string,
): Promise<void> {
  await page.getByText(`Bring your ${what} from Grocy`).click();
  await page.getByLabel(/^Grocy's database/).setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: found })).toBeVisible();
}

test('switch from Grocy: recipes, meal plan, stock into the pantry, shopping list; nothing duplicated', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Robin'));
  await page.goto(`${env.web}/recipes/import`);
  const tomorrow = mealWindow().dates[1] as string;
  const file = {
    name: 'grocy.db',
    mimeType: 'application/vnd.sqlite3',
    buffer: await grocyDatabase(tomorrow),
  };
  // Grocy's data folder zipped, as people back it up: the database, the recipes' pictures beside it.
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#d9a441';
    c.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg').split(',')[1]!;
  });
  const folder = zipSync({
    'data/grocy.db': file.buffer,
    'data/storage/recipepictures/x7k2_pikelets.jpg': Buffer.from(jpeg, 'base64'),
    'data/storage/productpictures/egg.jpg': Buffer.from(jpeg, 'base64'),
  });
  await page
    .getByLabel(/^Export file/)
    .setInputFiles({ name: 'grocy-data.zip', mimeType: 'application/zip', buffer: Buffer.from(folder) });
  await expect(page.getByText('2 imported, 0 updated, 0 skipped, 0 refused.')).toBeVisible();
  await expect(page.getByText('The same file brings the rest of Grocy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'meal plan' })).toHaveAttribute('href', '/planner');
  const photos = await restAs<{ name: string; photo_path: string | null }[]>(
    page,
    'recipes?select=name,photo_path&import_source=eq.grocy&order=name',
  );
  expect(photos.map((r) => [r.name, /photo-[0-9a-z]+\.(webp|jpg)$/.test(r.photo_path ?? '')])).toEqual([
    ['Test Grocy damper', false],
    ['Test Grocy pikelets', true],
  ]);

  const saved = await restAs<{ name: string; portions: number; steps: string[]; text_lines: string[] }[]>(
    page,
    'recipes?select=name,portions,steps,text_lines&import_source=eq.grocy&order=name',
  );
  expect(saved).toEqual([
    {
      name: 'Test Grocy damper',
      portions: 6,
      steps: ['Mix.', 'Bake.'],
      text_lines: ['a spoonful Wattleseed'],
    },
    {
      name: 'Test Grocy pikelets',
      portions: 4,
      steps: ['Whisk the egg and milk.', 'Fold in the flour; fry spoonfuls.'],
      text_lines: [],
    },
  ]);
  // Grocy keeps 250 g of flour and shows it as 2 cups: the recipe says what Grocy showed.
  const lines = await restAs<
    {
      quantity: string;
      note: string | null;
      ingredients: { name: string };
      measurements: { name: string } | null;
    }[]
  >(
    page,
    'recipe_ingredients?select=quantity,note,ingredients(name),measurements(name),recipes!inner(name)&recipes.name=eq.Test Grocy pikelets&order=position',
  );
  expect(lines.map((l) => [l.quantity, l.measurements?.name ?? null, l.ingredients.name, l.note])).toEqual([
    ['2', 'cup', 'plain flour', null],
    ['1', 'piece', 'egg', null],
    ['1', 'cup', 'full-cream milk', 'cold'],
  ]);

  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('0 imported, 0 updated, 2 skipped, 0 refused.')).toBeVisible();

  // A database that is not Grocy's says so, and saves nothing.
  const SQL = await initSqlJs();
  const other = new SQL.Database();
  other.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  await page.getByLabel(/^Export file/).setInputFiles({
    name: 'notes.sqlite',
    mimeType: 'application/vnd.sqlite3',
    buffer: Buffer.from(other.export()),
  });
  await expect(page.getByText('notes.sqlite is not a Grocy database (data/grocy.db).')).toBeVisible();
  // Nor does a broken one: an SQLite header and then nothing a database holds.
  await page.getByLabel(/^Export file/).setInputFiles({
    name: 'broken.db',
    mimeType: 'application/vnd.sqlite3',
    buffer: Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(4096, 0x41)]),
  });
  await expect(
    page.getByText(
      /^broken\.db (is not a database Larder can read|could not be read as a Grocy database)\.$/,
    ),
  ).toBeVisible();
  expect(await restAs<unknown[]>(page, 'recipes?select=id&import_source=eq.grocy')).toHaveLength(2);

  // The week's meal plan, on the recipes just brought: once, however often it is brought.
  await page.goto(`${env.web}/planner`);
  await bringFromGrocy(page, 'meal plan', file, 'Grocy has 2 meals planned this week to bring:');
  await visit(page, 'planner-from-grocy');
  await page.getByRole('button', { name: 'Plan 2 meals' }).click();
  await expect(page.getByText('Planned 2 meals from Grocy.')).toBeVisible();
  const planned = await restAs<{ date: string; slot: string; portions: number; recipes: { name: string } }[]>(
    page,
    'meal_planner?select=date,slot,portions,recipes(name)&order=date',
  );
  expect(planned.map((m) => [m.date, m.slot, m.portions, m.recipes.name])).toEqual([
    [tomorrow, 'breakfast', 4, 'Test Grocy pikelets'],
    [mealWindow().dates[2], 'dinner', 6, 'Test Grocy damper'],
  ]);
  await page.getByLabel(/^Grocy's database/).setInputFiles(file);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Grocy has no meals planned this week that are not on the planner' }),
  ).toBeVisible();

  // The pantry: Grocy's stock, shown first, added only when asked; a carton already there is added to.
  await page.goto(`${env.web}/pantry`);
  const form = page.getByRole('form', { name: 'Add to pantry (pantry)' });
  await form.getByLabel('Item').fill('egg');
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Add to pantry' }).click();
  await expect(page.getByRole('list', { name: 'Pantry items' }).getByRole('listitem')).toHaveCount(1);
  await bringFromGrocy(page, 'pantry', file, 'Grocy has 3 items in stock');
  const found = page.locator('.from-grocy');
  await expect(found).toContainText('egg · 10');
  await expect(found).toContainText('egg · 10 · Use by tomorrow');
  expect(await restAs<unknown[]>(page, 'pantry?select=id')).toHaveLength(1);
  await visit(page, 'pantry-from-grocy');
  await found.getByRole('button', { name: 'Add 3 items to the pantry' }).click();
  await expect(page.getByText('Brought 3 items from Grocy: 2 new, 1 added to what was there.')).toBeVisible();
  const pantry = await restAs<
    { name: string; quantity: number; unit: string | null; use_by: string | null }[]
  >(page, 'pantry?select=name,quantity,unit,use_by&order=name');
  expect(pantry).toEqual([
    { name: 'egg', quantity: 12, unit: null, use_by: tomorrow },
    { name: 'full-cream milk', quantity: 2, unit: 'cup', use_by: null },
    { name: 'plain flour', quantity: 1000, unit: 'g', use_by: null },
  ]);
  await expect(page.getByRole('region', { name: 'Use soon' })).toContainText('egg: Use by tomorrow');
  // The same stock again would add its amounts again: the preview says so before anything is added.
  await page.getByLabel(/^Grocy's database/).setInputFiles(file);
  await expect(page.getByRole('alert')).toContainText('You brought this file into this pantry on');
  await page.locator('.from-grocy').getByRole('button', { name: 'Cancel' }).click();
  expect(await restAs<unknown[]>(page, 'pantry?select=id')).toHaveLength(3);

  // The shopping list: what is still to buy (ticked lines left behind), as Grocy shows it.
  await page.goto(`${env.web}/shopping`);
  await bringFromGrocy(page, 'shopping list', file, "Grocy's shopping list has 2 items still to buy:");
  await visit(page, 'shopping-from-grocy');
  await page.getByRole('button', { name: 'Add 2 items to the list' }).click();
  await expect(page.getByText("Brought 2 items from Grocy's shopping list.")).toBeVisible();
  const list = await restAs<{ name: string; quantity: number | null; unit: string | null }[]>(
    page,
    'shopping?select=name,quantity,unit&order=name',
  );
  expect(list).toEqual([
    { name: 'Birthday candles', quantity: 2, unit: null },
    { name: 'full-cream milk', quantity: 2, unit: 'cup' },
  ]);
});
