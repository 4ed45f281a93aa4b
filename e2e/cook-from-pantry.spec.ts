import { baseUnitOf } from '../shared/basket/needs.ts';
import { pantryIndex, recipeCoverage } from '../shared/cook-from-pantry/coverage.ts';
import { mealWindow } from '../shared/dates/meal-window.ts';
import type { IngredientPriceRecord } from '../shared/pricing/types.ts';
import { parseQuantity } from '../shared/quantity/parse.ts';
import { expect, expectAccessible, newUser, restAs, shoot, signUp, test } from './support/fixtures.ts';

interface SeedRecipe {
  id: string;
  name: string;
  portions: number | null;
  recipe_ingredients: {
    quantity: string | null;
    measurements: { name: string } | null;
    ingredients: { id: number; name: string; protein: number; carbs: number; fats: number; calories: number };
  }[];
}

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const UNIT = { g: 'g', mL: 'mL', each: 'piece' } as const;

test('what can I cook: a six-item pantry, can cook now, the cost to finish another, a leftover recipe on a free day', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('Cam'));
  const recipes = await restAs<SeedRecipe[]>(
    page,
    'recipes?is_default=eq.true&select=id,name,portions,recipe_ingredients(quantity,measurements(name),ingredients(id,name,protein,carbs,fats,calories))&order=name',
  );
  // A recipe of at most six ingredients, each with an amount: the pantry holds plenty of each.
  const counted = (r: SeedRecipe) => r.recipe_ingredients.filter((l) => parseQuantity(l.quantity) > 0);
  const tonight = recipes.find(
    (r) => new Set(r.recipe_ingredients.map((l) => l.ingredients.id)).size <= 6 && counted(r).length >= 3,
  )!;
  expect(tonight, 'a seed recipe of at most six ingredients').toBeDefined();
  const items = [
    ...new Map(tonight.recipe_ingredients.map((l) => [l.ingredients.id, l.ingredients])).values(),
  ];
  const pantry: { name: string; ingredient_id: number | null; quantity: number; unit: string }[] = items.map(
    (i) => ({
      name: i.name,
      ingredient_id: i.id,
      quantity: 9999,
      unit: UNIT[baseUnitOf(i.name)],
    }),
  );
  // Six items in all: fill up with things no recipe needs a lot of.
  for (let n = pantry.length; n < 6; n++)
    pantry.push({ name: `Spare jar ${n}`, ingredient_id: null, quantity: 1, unit: 'piece' });
  await restAs(page, 'pantry', { method: 'POST', body: JSON.stringify(pantry) });

  await page.goto('/pantry');
  await page.getByRole('link', { name: 'What can I cook?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What can I cook?' })).toBeVisible();
  await page.getByRole('radio', { name: 'Can cook now' }).check();
  const card = (name: string) => page.getByRole('article', { name });
  await expect(card(tonight.name).getByText('Can cook now')).toBeVisible();
  await expect(card(tonight.name).getByText('100% in your pantry')).toBeVisible();
  await shoot(page, 'cook-can-cook-now');
  await expectAccessible(page, 'what can I cook');

  // Another recipe: the missing lines priced as whole packs at the cheapest chain (shared's rules).
  const prices = new Map(
    (
      await restAs<(IngredientPriceRecord & { ingredient_id: number })[]>(page, 'ingredient_prices?select=*')
    ).map((p) => [p.ingredient_id, p]),
  );
  const index = pantryIndex(pantry);
  const other = recipes
    .filter((r) => r.id !== tonight.id)
    .map((r) => ({ r, c: recipeCoverage(r, index, prices) }))
    .find(({ c }) => c.missing.length > 0 && c.cheapest !== null && c.coverage > 0)!;
  expect(other, 'another recipe the pantry covers in part').toBeDefined();
  await page.getByRole('radio', { name: 'All recipes' }).check();
  await page.getByLabel('Sort by').selectOption('uses');
  while (!(await card(other.r.name).isVisible()))
    await page.getByRole('button', { name: /^Show more/ }).click();
  await expect(
    card(other.r.name).getByText(`Cost to finish: ${aud.format(other.c.cheapest!.totalCents / 100)}`),
  ).toBeVisible();
  await card(other.r.name).getByText('At each chain', { exact: true }).click();
  await expect(card(other.r.name).getByRole('table')).toBeVisible();
  await shoot(page, 'cook-cost-to-finish');

  // Marking a missing line as always in stock takes it off the missing lines (and it stays so).
  const staple = other.c.missing[0]!.name;
  const missingLine = card(other.r.name)
    .getByRole('listitem')
    .filter({ has: page.locator('span', { hasText: new RegExp(` ${staple}$`) }) });
  await missingLine.getByRole('button', { name: 'Always in stock' }).click();
  await expect(
    page.getByRole('button', { name: `Remove ${staple} from staples`, includeHidden: true }),
  ).toBeAttached();
  await expect(card(other.r.name)).toBeVisible();
  await expect(missingLine).toHaveCount(0);
  expect(await restAs<{ name: string }[]>(page, 'staples?select=name')).toEqual([{ name: staple }]);

  // Plan the other recipe for today: its packs leave leftovers, and a recipe that uses them goes
  // on a free day; the list is rebuilt from the plan.
  const { dates } = mealWindow();
  await restAs(page, 'meal_planner', {
    method: 'POST',
    body: JSON.stringify({ date: dates[0], recipe_id: other.r.id, slot: 'dinner' }),
  });
  await page.reload();
  // The cards settle on the pantry as it is (the figures follow it a moment later, never stuck).
  await expect(page.locator('.cook-list')).toHaveAttribute('aria-busy', 'false');
  await shoot(page, 'cook-phone', false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'cook-desktop', false);
  const leftovers = page.getByRole('region', { name: 'Use up what is left' });
  await expect(
    leftovers.getByRole('list', { name: 'Leftovers' }).getByRole('listitem').first(),
  ).toBeVisible();
  const suggestion = leftovers
    .getByRole('list', { name: 'Recipes that use the leftovers' })
    .getByRole('listitem')
    .first();
  const suggested = (await suggestion.locator('strong').textContent())!;
  await suggestion.getByRole('combobox').selectOption(dates[2]!);
  await suggestion.getByRole('button', { name: 'Plan it' }).click();
  await expect(page.getByText('The shopping list now has what the week needs.')).toBeVisible();
  const planned = await restAs<{ date: string; recipes: { name: string } }[]>(
    page,
    `meal_planner?select=date,recipes(name)&date=eq.${dates[2]}`,
  );
  expect(planned.map((m) => m.recipes.name)).toEqual([suggested]);
  const list = await restAs<{ plan_key: string | null }[]>(page, 'shopping?select=plan_key');
  expect(list.filter((l) => l.plan_key !== null).length).toBeGreaterThan(0);
  await leftovers.scrollIntoViewIfNeeded();
  await shoot(page, 'cook-leftover-planned', false);
});

test('use by: the pantry says what to use soon, and "What can I cook?" puts recipes that use it first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('Dee'));
  const tomorrow = mealWindow().dates[1] as string;
  await page.goto('/pantry');
  const form = page.getByRole('form', { name: 'Add to pantry (pantry)' });
  await form.getByLabel('Item').fill('egg');
  await form.getByLabel('Quantity').fill('6');
  await form.getByLabel('Use by').fill(tomorrow);
  await form.getByRole('button', { name: 'Add to pantry' }).click();
  const soon = page.getByRole('region', { name: 'Use soon' });
  await expect(soon).toContainText('egg: Use by tomorrow');
  expect(await restAs<{ use_by: string }[]>(page, 'pantry?select=use_by')).toEqual([{ use_by: tomorrow }]);
  // Adding more with a later day keeps the sooner one: the carton already open goes first.
  await form.getByLabel('Item').fill('egg');
  await form.getByLabel('Quantity').fill('6');
  await form.getByLabel('Use by').fill('2099-12-31');
  await form.getByRole('button', { name: 'Add to pantry' }).click();
  await expect(page.getByText('Added to your existing egg: now 12.')).toBeVisible();
  expect(await restAs<{ use_by: string }[]>(page, 'pantry?select=use_by')).toEqual([{ use_by: tomorrow }]);
  await expectAccessible(page, 'the pantry with something to use soon');
  await shoot(page, 'pantry-use-soon');

  // The link opens "What can I cook?" sorted by what uses it up.
  await soon.getByRole('link', { name: 'What can I cook with them?' }).click();
  await expect(page.getByLabel('Sort by')).toHaveValue('soon');
  await expect(page.getByRole('article').first()).toContainText('Uses up soon: egg');

  // Gone past its day, it is shown to throw out, and no longer offered for cooking.
  await page.goto('/pantry');
  await page.getByRole('button', { name: /^Edit egg/ }).click();
  await page.getByRole('listitem').getByLabel('Use by').fill('2020-01-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(soon).toContainText('egg: Past its use-by');
  await page.goto('/pantry/cook');
  await page.getByLabel('Sort by').selectOption('Uses what to use soon');
  await expect(page.getByText(/^Uses up soon/)).toHaveCount(0);
});
