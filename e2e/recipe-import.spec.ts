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

  // Or left as they are: a third time, skipped, each saying why.
  await page
    .getByRole('group', { name: 'A recipe you imported before' })
    .last()
    .getByLabel('Leave it as it is')
    .check();
  await page.getByLabel(/^Export file/).setInputFiles(file);
  await expect(page.getByText('0 imported, 0 updated, 3 skipped, 0 refused.')).toBeVisible();
  await expect(page.getByText(/: skipped — imported before; left as it was$/)).toHaveCount(3);
  expect(await restAs<unknown[]>(page, 'recipes?select=id&import_source=eq.paprika')).toHaveLength(3);
});

test('a long export can be cancelled, each recipe saved whole; a hostile export is refused by name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('Quinn'));
  await page.goto(`${env.web}/recipes/import`);
  // 400 recipes written for this test, as Paprika exports them.
  const paprika = (count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `Test stew ${i}.paprikarecipe`,
        gzipSync(
          strToU8(
            JSON.stringify({
              uid: `STEW-${i}`,
              name: `Test stew ${i}`,
              ingredients: '500 g beef mince\n2 cups full-cream milk\n1 brown onion',
              directions: 'Brown.\nSimmer.',
              servings: '4',
            }),
          ),
        ),
      ]),
    );
  const exportFile = (name: string, entries: Record<string, Uint8Array>) => ({
    name,
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync(entries)),
  });

  await page.getByLabel(/^Export file/).setInputFiles(exportFile('many.paprikarecipes', paprika(400)));
  const progress = page.getByRole('progressbar', { name: 'Recipes imported' });
  await expect(progress).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const summary = page.getByText(/^\d+ imported, 0 updated, 0 skipped, 0 refused\.$/);
  await expect(summary).toBeVisible();
  const imported = Number.parseInt((await summary.textContent())!, 10);
  expect(imported).toBeGreaterThan(0);
  expect(imported).toBeLessThan(400);
  // What was saved is whole: every recipe with its three lines, nothing half-written.
  const saved = await restAs<{ recipe_ingredients: unknown[]; text_lines: string[] }[]>(
    page,
    'recipes?select=recipe_ingredients(id),text_lines&import_source=eq.paprika',
  );
  expect(saved).toHaveLength(imported);
  for (const r of saved) expect(r.recipe_ingredients.length + r.text_lines.length).toBe(3);

  // An entry that climbs out of the export's folder: the whole file is refused, saying why.
  await page
    .getByLabel(/^Export file/)
    .setInputFiles(
      exportFile('odd.paprikarecipes', { ...paprika(1), '../escape.paprikarecipe': new Uint8Array(1) }),
    );
  await expect(page.getByRole('alert')).toContainText('../escape.paprikarecipe');
  expect(await restAs<unknown[]>(page, 'recipes?select=id&import_source=eq.paprika')).toHaveLength(imported);
});
