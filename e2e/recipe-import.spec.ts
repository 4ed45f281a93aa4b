import { gzipSync, strToU8, zipSync } from 'fflate';
import { env, expect, newUser, restAs, signUp, test } from './support/fixtures.ts';

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
  await expect(recipe.getByText(/^Check this match/)).toBeVisible();
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

  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('0 imported, 3 updated, 0 skipped, 0 refused.')).toBeVisible();
  const again = await restAs<{ id: string }[]>(page, 'recipes?select=id&import_source=eq.paprika');
  expect(again.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());
});
