import { sampleChecksum, sampleRowsRead } from '../supabase/seed-data/sql.ts';
import { expect, importPrices, newUser, restAs, shoot, signUp, test, visit } from './support/fixtures.ts';

const FIXTURES = 'scripts/prices/fixtures';
/** The browser's day: three weeks after the sample history's last prices, two days after the fixtures'. */
const BROWSER_NOW = new Date('2026-11-22T09:00:00+11:00');

/** The hand-made feed in the repository, imported with one command. */
const importFixtures = () =>
  importPrices(['products.csv', 'prices.csv', 'ingredient_products.csv'].map((f) => `${FIXTURES}/${f}`));

test('prices: an ingredient’s products, verdicts and 12-week charts; a recipe’s specials and cost trend; the import log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.clock.setFixedTime(BROWSER_NOW);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signUp(page, newUser('Priya'));
  // chart.js is a chunk of its own, fetched with the first chart and never with the first page.
  expect(scripts.filter((s) => /line-chart/.test(s))).toEqual([]);

  // The searchable ingredient list leads to an ingredient's prices.
  await page.goto('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  // Every word typed, in any order.
  await page.getByLabel('Search ingredients').fill('OIL olive');
  await expect(page.getByRole('list', { name: 'Ingredients' }).getByRole('link')).toHaveText([
    'extra virgin olive oil',
    'olive oil',
  ]);
  // Each with where it is cheapest, by the shelf's unit price, labelled as sample data.
  const oliveOil = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'olive oil', exact: true }) });
  await expect(oliveOil).toContainText(/\$\d+\.\d\d per 100 mL at (Coles|Woolworths|Aldi)$/);
  await expect(page.locator('main').getByText('sample prices')).toBeVisible();
  await page.getByLabel('Search ingredients').fill('zzzz');
  await expect(page.getByText('No ingredient matches “zzzz”.')).toBeVisible();
  await page.getByLabel('Search ingredients').fill('olive oil');
  await page.getByRole('link', { name: 'olive oil', exact: true }).click();

  // The seed's sample history: every chain, labelled, last seen on 1 November, so stale now.
  await expect(page.getByRole('heading', { level: 1, name: 'Prices of olive oil' })).toBeVisible();
  for (const chain of ['Coles', 'Woolworths', 'Aldi'])
    await expect(page.getByRole('heading', { level: 2, name: chain })).toBeVisible();
  const coles = page.getByRole('article').first();
  await expect(coles.getByText('sample prices')).toBeVisible();
  await expect(coles.getByText('1 November 2026')).toBeVisible();
  await expect(coles.getByText('Stale')).toBeVisible();
  await expect(coles.getByText('not seen for 21 days')).toBeVisible();
  await expect(coles.getByText(/^\$\d+\.\d\d per 100 mL$/)).toBeVisible();
  const chart = coles.getByRole('img', { name: /in the 12 weeks to 1 Nov/ });
  await expect(chart).toBeVisible();
  expect(scripts.filter((s) => /line-chart/.test(s))).toHaveLength(1);
  await coles.getByText('Show as a table').click();
  const table = coles.getByRole('table', { name: 'Price each week, 12 weeks to 1 Nov' });
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expect(table.locator('tbody tr').last()).toContainText(/1 Nov\s*\$\d+\.\d\d/);
  await visit(page, 'ingredient-prices');

  // The import log: the seed's sample history, then a feed imported with one command.
  await page.goto('/prices/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Price imports' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Import log' });
  // The seed's import, and any an earlier test ran.
  const seedRow = log.locator('tbody tr').filter({ hasText: 'supabase/seed-data/price-history.ts' });
  await expect(seedRow).toHaveCount(1);
  const imports = await log.locator('tbody tr').count();
  await expect(seedRow.getByText('sample prices')).toBeVisible();
  await expect(seedRow).toContainText(sampleChecksum());
  await expect(seedRow.locator('td[data-label="Read"]')).toHaveText(sampleRowsRead().toLocaleString('en-AU'));
  await expect(seedRow.locator('td[data-label="Who"]')).toHaveText('seed');

  expect(await importFixtures()).toMatch(/import #\d+: 14 prices added \(1 quarantined\)/);
  const [logged] = await restAs<
    { rows_read: number; rows_added: number; rows_unchanged: number; rows_quarantined: number }[]
  >(
    page,
    'price_imports?select=rows_read,rows_added,rows_unchanged,rows_quarantined&imported_by=eq.e2e-tester',
  );
  await page.reload();
  await expect(log.locator('tbody tr')).toHaveCount(imports + 1);
  const newest = log.locator('tbody tr').first();
  await expect(newest.getByRole('rowheader')).toHaveText(
    `${FIXTURES}/products.csv, ${FIXTURES}/prices.csv, ${FIXTURES}/ingredient_products.csv`,
  );
  await expect(newest.locator('td[data-label="Read"]')).toHaveText(String(logged!.rows_read));
  await expect(newest.locator('td[data-label="Added"]')).toHaveText(String(logged!.rows_added));
  await expect(newest.locator('td[data-label="Unchanged"]')).toHaveText(String(logged!.rows_unchanged));
  // The mis-keyed banana price (ten times too dear) is kept but quarantined.
  await expect(newest.locator('td[data-label="Quarantined"]')).toHaveText('1');
  await expect(newest.locator('td[data-label="Who"]')).toHaveText('e2e-tester');
  await expect(newest.getByText('sample prices')).toHaveCount(0);
  await visit(page, 'price-imports');

  // The imported products now price rolled oats: fresh, from the feed, judged honestly.
  const recipes = await restAs<{ recipe_id: string }[]>(
    page,
    'recipe_ingredients?select=recipe_id,ingredients!inner(name)&ingredients.name=eq.rolled%20oats&limit=1',
  );
  await page.goto(`/recipes/${recipes[0]!.recipe_id}`);
  await expect(page.getByRole('heading', { name: 'On special' })).toBeVisible();
  const special = page.locator('.special').filter({ hasText: 'rolled oats at Woolworths' });
  await expect(special.getByText('Not really a special')).toBeVisible();
  await expect(special).toContainText('$3.50');
  await expect(special).toContainText('price of 20 November 2026');
  await expect(page.getByRole('img', { name: /^Cost each week over the 12 weeks to/ })).toBeVisible();
  await page
    .getByRole('heading', { name: 'Cost over 12 weeks' })
    .locator('..')
    .getByText('Show as a table')
    .click();
  await expect(
    page.getByRole('table', { name: /^Cost each week, 12 weeks to/ }).locator('tbody tr'),
  ).toHaveCount(12);
  await visit(page, 'recipe-price-insights');

  // From the recipe's ingredient line to that ingredient's prices.
  await page.locator('.ingredients').getByRole('link', { name: 'rolled oats' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prices of rolled oats' })).toBeVisible();
  const woolworths = page.getByRole('article').filter({ hasText: 'Test Rolled Oats 750g' });
  await expect(woolworths.getByText('Not really a special')).toBeVisible();
  await expect(woolworths.getByText('fixture')).toBeVisible();
  // Its match was made by name, not by a person: the page says so (Aldi's, by hand, does not).
  await expect(woolworths.getByText('matched by its name')).toBeVisible();
  await expect(
    page.getByRole('article').filter({ hasText: 'Test Oats 1kg' }).getByText('matched by its name'),
  ).toHaveCount(0);
  await expect(woolworths.getByText('Stale')).toHaveCount(0);
  await expect(
    page.getByRole('article').filter({ hasText: 'Test Oats 1kg' }).getByText('Usual price'),
  ).toBeVisible();
  // The sample product Coles had before is kept, no longer used for recipe prices.
  await expect(page.getByText('(not used for recipe prices)').first()).toBeVisible();
  await visit(page, 'ingredient-prices-imported');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'ingredient-prices-desktop');

  // Not an ingredient: said plainly.
  await page.goto('/prices/999999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingredient not found' })).toBeVisible();
});
