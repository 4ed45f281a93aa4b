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
