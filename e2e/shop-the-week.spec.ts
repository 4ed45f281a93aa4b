import { baseUnitOf } from '../shared/basket/needs.ts';
import { parseQuantity } from '../shared/quantity/parse.ts';
import { expect, newUser, planInGrid, restAs, shoot, signUp, test, visit } from './support/fixtures.ts';

interface SeedRecipe {
  id: string;
  name: string;
  recipe_ingredients: { quantity: string | null; ingredients: { id: number; name: string } }[];
}

interface ListRow {
  id: string;
  name: string;
  quantity: number;
  checked: boolean;
  plan_key: string | null;
}

test('shop the week: plan three meals, build a pantry-aware list, see where to buy it, build again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('Sam'));

  // Three default recipes that share an ingredient bought by weight.
  const recipes = await restAs<SeedRecipe[]>(
    page,
    'recipes?is_default=eq.true&select=id,name,recipe_ingredients(quantity,ingredients(id,name))&order=name',
  );
  const using = new Map<number, { name: string; recipes: SeedRecipe[] }>();
  for (const r of recipes) {
    for (const line of r.recipe_ingredients) {
      if (baseUnitOf(line.ingredients.name) !== 'g' || parseQuantity(line.quantity) <= 0) continue;
      const entry = using.get(line.ingredients.id) ?? { name: line.ingredients.name, recipes: [] };
      if (!entry.recipes.includes(r)) entry.recipes.push(r);
      using.set(line.ingredients.id, entry);
    }
  }
  const shared = [...using.values()].find((u) => u.recipes.length >= 3)!;
  expect(shared, 'three seed recipes share an ingredient').toBeDefined();
  const three = shared.recipes.slice(0, 3);

  // Plan them on three days; the second is cooked for 4 portions.
  await page.goto('/planner');
  const days = page.locator('.week-day');
  await expect(days).toHaveCount(8);
  // At breakfast, the longest slot's name: the shared line's "for Sat breakfast, Sun breakfast,
  // Mon breakfast" must wrap on a phone, not push the page sideways (visit checks).
  for (const [i, recipe] of three.entries()) {
    await planInGrid(page, i, 'breakfast', recipe.name);
    await expect(
      days
        .nth(i)
        .getByRole('list', { name: /breakfast$/ })
        .getByRole('listitem'),
    ).toHaveCount(1);
  }
  await page.getByRole('button', { name: 'Previous day' }).click();
  await days
    .nth(1)
    .getByRole('list', { name: /breakfast$/ })
    .getByRole('button', { name: /Change$/ })
    .click();
  await page.getByRole('dialog').getByRole('spinbutton', { name: 'Portions' }).fill('4');
  await page.getByRole('dialog').getByRole('button', { name: 'Save meal' }).click();
  await expect
    .poll(
      async () =>
        (await restAs<{ portions: number }[]>(page, 'meal_planner?select=portions&portions=eq.4')).length,
    )
    .toBe(1);
  await visit(page, 'shop-planner-portions');

  // The shared ingredient is in the pantry, 1 g of it: not enough, so the line shows what is left to buy.
  await page.goto('/pantry');
  await page.getByLabel('Item').fill(shared.name);
  await page.getByLabel('Quantity').fill('1');
  await page.getByLabel('Unit').selectOption('g');
  await page.getByRole('button', { name: 'Add to pantry' }).click();
  await expect(page.getByRole('list', { name: 'Pantry items' }).getByRole('listitem')).toHaveCount(1);

  // Build the list from the plan.
  await page.goto('/shopping');
  const panel = page.getByRole('region', { name: 'From your meal plan' });
  await expect(panel.getByRole('checkbox')).toHaveCount(3);
  await expect(panel.getByRole('checkbox').first()).toBeChecked();
  await panel.getByRole('button', { name: 'Build shopping list' }).click();
  await expect(page.getByText(/Shopping list built: \d+ added, 0 updated/)).toBeVisible();
  const items = page.getByRole('list', { name: 'Shopping items' });
  const sharedLine = items.getByRole('listitem').filter({ hasText: shared.name }).first();
  await expect(sharedLine).toContainText(/need [\d.]+ k?g, have 1 g, buy [\d.]+ k?g/);
  await expect(sharedLine).toContainText(/for \w{3} .+, \w{3} .+, \w{3} .+/);

  const first = await restAs<ListRow[]>(page, 'shopping?select=id,name,quantity,checked,plan_key');
  const keys = first.map((r) => r.plan_key);
  expect(new Set(keys).size, 'one line per ingredient').toBe(first.length);
  expect(keys.every((k) => k !== null)).toBe(true);

  // Tick a line: the basket prices what is left.
  const ticked = first.find((r) => r.name !== shared.name)!;
  // (The list re-sorts ticked lines to the end as it reloads, so the click is checked on the server.)
  await items.getByRole('checkbox', { name: `Tick off ${ticked.name}` }).click();
  await expect
    .poll(
      async () => (await restAs<ListRow[]>(page, `shopping?select=checked&id=eq.${ticked.id}`))[0]?.checked,
    )
    .toBe(true);
  await expect(items.getByRole('checkbox', { name: `Tick off ${ticked.name}` })).toBeChecked();

  const basket = page.getByRole('region', { name: 'Where to shop' });
  await expect(basket.getByText('sample prices')).toBeVisible();
  await expect(basket.getByText('Cheapest single shop', { exact: true })).toBeVisible();
  await expect(basket.getByText(/Split between|would not save anything/)).toBeVisible();
  await expect(basket.getByRole('table').first()).toBeVisible();
  await visit(page, 'shop-list-and-basket');

  // Issue 18 part 8: the basket's items on special, with verdicts, and its cost over 12 weeks,
  // the chart loaded when it scrolls near and a table beside it.
  await expect(page.getByRole('heading', { name: 'On special' })).toBeVisible();
  await expect(
    page.locator('.special').first().or(page.getByText('Nothing here is on special in the latest prices.')),
  ).toBeVisible();
  const trend = page.getByRole('heading', { name: 'Cost over 12 weeks' }).locator('..');
  await expect(trend.getByText('What the unticked lines of your list cost each week')).toBeVisible();
  await expect(trend.getByText('sample prices')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Cost each week over the 12 weeks to/ })).toBeVisible();
  await trend.getByText('Show as a table').click();
  await expect(
    page.getByRole('table', { name: /^Cost each week, 12 weeks to/ }).locator('tbody tr'),
  ).toHaveCount(12);
  await visit(page, 'shop-basket-price-insights');

  // Build again: nothing duplicated, the ticked line left as it was.
  await panel.getByRole('button', { name: 'Build shopping list' }).click();
  await expect(
    page.getByText(/Shopping list built: 0 added, \d+ updated, 1 left as you changed them/),
  ).toBeVisible();
  const again = await restAs<ListRow[]>(page, 'shopping?select=id,name,quantity,checked,plan_key');
  expect(again).toHaveLength(first.length);
  expect(again.find((r) => r.id === ticked.id)).toMatchObject({ checked: true, quantity: ticked.quantity });

  // Untick a meal: the list follows on the next build. Once the list has the plan's lines, the
  // days and meals are folded away (the list comes first in the shop); they open on a click.
  await expect(panel.getByRole('checkbox')).toHaveCount(0);
  await expect(
    panel.getByText(/^Days and meals\s*\w{3}, \d+ \w{3} to \w{3}, \d+ \w{3} · 3 of 3 meals$/),
  ).toBeVisible();
  await panel.getByText('Days and meals').click();
  await panel.getByRole('checkbox').nth(2).uncheck();
  await panel.getByRole('button', { name: 'Build shopping list' }).click();
  await expect(sharedLine).toContainText(/for \w{3} .+, \w{3} [^,]+$/);

  // The week at a glance: charts with their tables.
  await page.goto('/planner/week');
  await expect(page.getByRole('heading', { level: 1, name: 'The week at a glance' })).toBeVisible();
  await expect(page.getByRole('img', { name: /each day's cost/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /Cost per day/ })).toContainText('Coles');
  await expect(page.getByRole('table', { name: /Nutrition per person per day/ })).toContainText('kJ');
  await expect(page.getByRole('table', { name: /each cook/ })).toContainText('Anyone');
  await visit(page, 'shop-week-overview');

  // Desktop views for the README.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shopping');
  await expect(basket.getByText('Cheapest single shop', { exact: true })).toBeVisible();
  await shoot(page, 'shop-the-week-desktop');
  await page.goto('/planner/week');
  await expect(page.getByRole('table', { name: /Cost per day/ })).toBeVisible();
  await shoot(page, 'shop-the-week-overview-desktop');
});
