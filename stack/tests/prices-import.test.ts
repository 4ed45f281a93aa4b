/**
 * The price import (issue 18) through a real stack, on PGlite and PostgreSQL: the fixture feeds
 * (scripts/prices/fixtures) imported through the Data API as the service role, as
 * `npm run prices:import` does. Every bad row is refused before anything is written, a refusal
 * found only by the database leaves nothing behind either, the same files twice change
 * nothing, outliers are quarantined, missing items go stale, and ingredient_prices is derived
 * from the preferred products' newest prices.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../../scripts/prices/client.ts';
import {
  historySpans,
  type ImportFile,
  judgeSpecial,
  type PriceImportLog,
  prepareImport,
} from '../../shared/mod.ts';
import { applyImport, ImportError } from '../../supabase/functions/_shared/price-import.ts';
import { PRICE_DATE } from '../../supabase/seed-data/prices.ts';
import type { Db } from '../src/db/index.ts';
import { type Person, signedIn } from './rest-support.ts';
import { client } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'scripts/prices/fixtures');
const TODAY = '2026-11-25';
const CSV_FEED = ['products.csv', 'prices.csv', 'ingredient_products.csv'];

async function fixture(...names: string[]): Promise<ImportFile[]> {
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(FIXTURES, name)) })));
}
const file = (name: string, text: string): ImportFile => ({ name, bytes: new TextEncoder().encode(text) });

/** Everything an import may write, as one comparable fingerprint (and what is left staged). */
async function snapshot(db: Db): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(`select
    (select md5(coalesce(jsonb_agg(p order by p.id), '[]')::text) from public.chain_products p) as products,
    (select md5(coalesce(jsonb_agg(o order by o.id), '[]')::text) from public.price_observations o) as prices,
    (select md5(coalesce(jsonb_agg(m order by m.ingredient_id, m.product_id), '[]')::text) from public.ingredient_products m) as mappings,
    (select md5(coalesce(jsonb_agg(ip order by ip.ingredient_id), '[]')::text) from public.ingredient_prices ip) as ingredient_prices,
    (select count(*)::int from public.price_imports) as imports,
    (select count(*)::int from price_import.products) + (select count(*)::int from price_import.prices)
      + (select count(*)::int from price_import.ingredient_products) as staged`);
  return rows[0] as Record<string, unknown>;
}

async function chainPrice(db: Db, ingredient: string, chain: string): Promise<unknown[]> {
  const { rows } = await db.query<{ m: string; c: string; p: string | null }>(
    `select ${chain}_measure as m, ${chain}_unit_price_current::text as c, ${chain}_unit_price_past::text as p
       from public.ingredient_prices ip join public.ingredients i on i.id = ip.ingredient_id where i.name = $1`,
    [ingredient],
  );
  return [rows[0]?.m, rows[0]?.c, rows[0]?.p];
}

async function imported(client: SupabaseClient, files: ImportFile[], options = {}): Promise<PriceImportLog> {
  const prepared = await prepareImport(files, { today: TODAY, ...options });
  expect(prepared.errors.map((e) => e.text)).toEqual([]);
  const outcome = await applyImport(client, prepared, { importedBy: 'vitest', ...options });
  if (outcome.status !== 'applied') throw new Error(`expected an applied import, got ${outcome.status}`);
  return outcome.log;
}

describe.each(testDatabases)('price import on %s', (database) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let ana: Person;

  beforeAll(async () => {
    // The fixtures are dated around 20 November, after the sample history as dated in the seed data.
    stack = await startTestStack({ database, stack: { samplePricesToday: PRICE_DATE } });
    service = serviceClient(stack.url, stack.serviceRoleKey);
    ana = await signedIn(stack, 'Ana');
  });
  afterAll(() => stack?.stop());

  it('refuses a feed with any bad row before writing anything', async () => {
    const before = await snapshot(stack.ctx.db);
    const [products] = await fixture('products.csv');
    const prepared = await prepareImport(
      [
        products as ImportFile,
        file(
          'prices.csv',
          'chain,sku,date,price_cents,source\ncoles,T-OATS-1,2026-11-01,350,fixture\ncoles,T-OATS-1,2026-11-08,-3,fixture\n',
        ),
      ],
      { today: TODAY },
    );
    expect(prepared.errors.map((e) => e.text)).toEqual(['prices.csv line 3: price_cents -3 must be ≥ 0']);
    await expect(applyImport(service, prepared, { importedBy: 'vitest' })).rejects.toThrow(ImportError);
    expect(await snapshot(stack.ctx.db)).toEqual(before);
  });

  it('refuses an ingredient Larder does not have, naming the row, before writing anything', async () => {
    const before = await snapshot(stack.ctx.db);
    const files = [
      ...(await fixture('products.csv')),
      file(
        'ingredient_products.csv',
        'ingredient,chain,sku,match,source\nrolled oats,coles,T-OATS-1,manual,x\nunobtainium,coles,T-OATS-1,name,x\n',
      ),
    ];
    const error = await applyImport(service, await prepareImport(files, { today: TODAY }), {
      importedBy: 'vitest',
    }).catch((e: ImportError) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).errors.map((e) => e.text)).toEqual([
      "ingredient_products.csv line 3: ingredient 'unobtainium' is not a Larder ingredient",
    ]);
    expect(await snapshot(stack.ctx.db)).toEqual(before);
  });

  it('is all or nothing when the database refuses: staged chunks are dropped, nothing is applied', async () => {
    const before = await snapshot(stack.ctx.db);
    const files = await fixture(...CSV_FEED);
    const prices = files[1] as ImportFile;
    files[1] = file(
      'prices.csv',
      `${new TextDecoder().decode(prices.bytes)}coles,NOT-LISTED,online,2026-11-18,,100,,,,,true,fixture\n`,
    );
    const prepared = await prepareImport(files, { today: TODAY });
    expect(prepared.errors).toEqual([]);
    // Small chunks, so several were staged before the database said no.
    await expect(applyImport(service, prepared, { importedBy: 'vitest', chunkBytes: 2_000 })).rejects.toThrow(
      'prices.csv line 129: coles NOT-LISTED is not a product of this import or of the database',
    );
    expect(await snapshot(stack.ctx.db)).toEqual(before);
  });

  it('imports the CSV feed: products, change-only prices, matches, derived ingredient_prices, the log', async () => {
    const log = await imported(service, await fixture(...CSV_FEED));
    expect(log).toMatchObject({
      files: CSV_FEED,
      formats: ['larder-csv'],
      rows_read: 6 + 126 + 5,
      products_added: 6,
      // Five matches from the file and one by name (Aldi's "Test Full Cream Milk 2L"), and the six
      // sample products they replace no longer preferred.
      mappings_changed: 6 + 6,
      rows_quarantined: 1,
      ingredients_repriced: 4,
      imported_by: 'vitest',
    });
    // 126 weekly rows fold into 14 spans: oats 3, eggs 2, oats 3, bananas 3 (the outlier one), oats 1, milk 2.
    expect(log.rows_added).toBe(14);
    expect(log.rows_unchanged).toBe(126 - 14);
    const { rows } = await stack.ctx.db.query<{ spans: string }>(
      `select string_agg(o.date || '..' || o.last_seen || ' ' || o.price_cents || coalesce(' ' || o.promo, ''), ', ' order by o.date) as spans
         from public.price_observations o join public.chain_products p on p.id = o.product_id where p.sku = 'T-OATS-1'`,
    );
    expect(rows[0]?.spans).toBe(
      '2026-07-01..2026-09-08 350, 2026-09-09..2026-09-22 280 special, 2026-09-23..2026-11-20 350',
    );
    expect(await chainPrice(stack.ctx.db, 'rolled oats', 'coles')).toEqual(['900g', '3.50', '3.50']);
    expect(await chainPrice(stack.ctx.db, 'rolled oats', 'woolworths')).toEqual(['750g', '3.50', '3.00']);
    expect(await chainPrice(stack.ctx.db, 'rolled oats', 'aldi')).toEqual(['1kg', '2.49', '2.49']);
    // A product no file matched, matched by its name; its price is the newest, its past the
    // earliest of the last year.
    expect(await chainPrice(stack.ctx.db, 'full-cream milk', 'aldi')).toEqual(['2L', '2.99', '3.19']);
    const { rows: byName } = await stack.ctx.db.query(
      `select i.name, p.sku, m.reviewed_on, m.source from public.ingredient_products m
         join public.ingredients i on i.id = m.ingredient_id join public.chain_products p on p.id = m.product_id
        where m.match = 'name' and m.preferred order by p.sku`,
    );
    expect(byName).toEqual([
      { name: 'full-cream milk', sku: 'T-MILK-2L', reviewed_on: null, source: 'fixture' },
      { name: 'rolled oats', sku: 'T-OATS-2', reviewed_on: null, source: 'fixture' }, // the file's own
    ]);
    // Counted items with a known weight are priced by weight.
    expect(await chainPrice(stack.ctx.db, 'egg', 'coles')).toEqual(['696g', '7.20', '7.20']);
    // Unmapped chains and ingredients keep what they had (sample prices).
    const { rows: kept } = await stack.ctx.db.query<{ is_sample: boolean; price_date: string }>(
      `select is_sample, price_date from public.ingredient_prices ip join public.ingredients i on i.id = ip.ingredient_id
        where i.name in ('rolled oats', 'salt') order by i.name`,
    );
    expect(kept).toEqual([
      { is_sample: false, price_date: '2026-11-20' },
      { is_sample: true, price_date: '2026-11-01' },
    ]);
  });

  it('quarantines a price 10× the 12-week median: kept, flagged, never used', async () => {
    const { rows } = await stack.ctx.db.query<{ price_cents: number; quarantined: boolean }>(
      `select o.price_cents, o.quarantined from public.price_observations o
         join public.chain_products p on p.id = o.product_id where p.sku = 'T-BANANA' order by o.date`,
    );
    expect(rows).toEqual([
      { price_cents: 390, quarantined: false },
      { price_cents: 3900, quarantined: true },
      { price_cents: 390, quarantined: false },
    ]);
    expect(await chainPrice(stack.ctx.db, 'banana', 'woolworths')).toEqual(['1kg', '3.90', '3.90']);
  });

  it('says so when the same files come again, and changes nothing', async () => {
    const before = await snapshot(stack.ctx.db);
    const prepared = await prepareImport(await fixture(...CSV_FEED), { today: TODAY });
    const outcome = await applyImport(service, prepared, { importedBy: 'vitest' });
    expect(outcome).toMatchObject({ status: 'already-imported', previous: { files: CSV_FEED } });
    expect(await snapshot(stack.ctx.db)).toEqual(before);
  });

  it('applied again (--force), or as the JSON form, adds nothing: only a log line', async () => {
    const before = await snapshot(stack.ctx.db);
    const forced = await imported(service, await fixture(...CSV_FEED), { force: true });
    const json = await imported(service, await fixture('feed.json'));
    for (const log of [forced, json])
      expect(log).toMatchObject({
        rows_added: 0,
        rows_quarantined: 0,
        products_added: 0,
        products_updated: 0,
        mappings_changed: 0,
        ingredients_repriced: 0,
      });
    expect(json.rows_unchanged).toBe(json.rows_read);
    expect(await snapshot(stack.ctx.db)).toEqual({ ...before, imports: (before.imports as number) + 2 });
  });

  it('judges specials from the stored history (price_history + judgeSpecial), as a signed-in user', async () => {
    const verdict = async (sku: string) => {
      const product = await ana.client.from('chain_products').select('id').eq('sku', sku).single();
      const history = await ana.client.rpc('price_history', {
        p_product_id: product.data?.id,
        p_as_of: '2026-11-20',
      });
      expect(history.error).toBeNull();
      return judgeSpecial(historySpans(history.data ?? []), '2026-11-20').verdict;
    };
    expect(await verdict('T-OATS-2')).toBe('not-really-a-special'); // 3.00 → 3.90 → "price drop" to 3.50
    expect(await verdict('T-MILK-2L')).toBe('real-special'); // 3.19 for months → 2.99
    expect(await verdict('T-OATS-3')).toBe('usual');
    const write = await ana.client.rpc('apply_price_import', {
      p_batch: crypto.randomUUID(),
      p_checksum: '0'.repeat(64),
      p_files: ['x'],
      p_formats: ['sample'],
      p_rows_read: 0,
      p_price_rows: 0,
      p_imported_by: 'ana',
    });
    expect(write.error?.code).toBe('42501');
    const anon = client(stack);
    expect((await anon.from('price_observations').select('id').limit(1)).data).toEqual([]);
  });

  it('reads hotprices-au and Aldi files, in small chunks, to the same rows', async () => {
    const log = await imported(service, await fixture('hotprices-canonical.json', 'aldi-2026-11-20.json'), {
      chunkBytes: 600,
    });
    expect(log).toMatchObject({
      formats: ['aldi-search', 'hotprices-au'],
      products_added: 7,
      rows_added: 8 + 3,
    });
    const { rows } = await stack.ctx.db.query<{ sku: string; cents: string }>(
      `select p.sku, string_agg(o.price_cents::text, ' ' order by o.date) as cents from public.price_observations o
         join public.chain_products p on p.id = o.product_id where p.source in ('hotprices-au', 'aldi-search')
        group by p.sku order by p.sku`,
    );
    expect(rows).toEqual([
      { sku: '000000000000900001', cents: '249' },
      { sku: '000000000000900002', cents: '349' },
      { sku: '000000000000900003', cents: '450' },
      { sku: '100001', cents: '435 115 220' },
      { sku: '100004', cents: '630 690' },
      { sku: '200002', cents: '450 390' },
      { sku: '200003', cents: '310' },
    ]);
    // Their products stand for Larder's ingredients by name where nothing else does yet: not
    // Coles' eggs, Woolworths' bananas or Aldi's oats (the CSV feed matched those), nor a soda.
    const { rows: byName } = await stack.ctx.db.query(
      `select i.name, m.chain, p.sku from public.ingredient_products m join public.ingredients i on i.id = m.ingredient_id
         join public.chain_products p on p.id = m.product_id
        where m.match = 'name' and m.preferred and p.source in ('hotprices-au', 'aldi-search') order by i.name`,
    );
    expect(byName).toEqual([
      { name: 'banana', chain: 'aldi', sku: '000000000000900002' },
      { name: 'full-cream milk', chain: 'woolworths', sku: '200003' },
      { name: 'plain flour', chain: 'coles', sku: '100001' },
    ]);
    expect(await chainPrice(stack.ctx.db, 'plain flour', 'coles')).toEqual(['1kg', '2.20', '4.35']);
  });

  it('never deletes items missing from a newer file: they go stale after 7 days unseen', async () => {
    const search = JSON.parse(await readFile(join(FIXTURES, 'aldi-2026-11-20.json'), 'utf8'));
    search.data = search.data.slice(0, 2);
    await imported(service, [file('aldi-later.json', JSON.stringify(search))], { date: '2026-11-24' });
    const stale = await ana.client
      .rpc('stale_chain_products', { p_as_of: '2026-11-28' })
      .select('sku')
      .eq('chain', 'aldi')
      .not('source', 'eq', 'sample')
      .order('sku');
    expect((stale.data as { sku: string }[] | null)?.map((p) => p.sku)).toEqual([
      '000000000000900003',
      'T-MILK-2L',
      'T-OATS-3',
    ]);
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.price_observations o join public.chain_products p on p.id = o.product_id
        where p.sku = '000000000000900003'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('npm run prices:import: names the bad row and exits 1; imports and says so twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'larder-prices-'));
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/prices-import.ts'), ...args],
          {
            cwd: dir,
            env: {
              ...process.env,
              SUPABASE_URL: stack.url,
              SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
            },
          },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
        });
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
        });
        child.on('close', (code) => resolve({ code, out, err }));
      });
    try {
      await writeFile(
        join(dir, 'prices.csv'),
        'chain,sku,date,price_cents,source\ncoles,T-OATS-1,2026-11-21,350,cli\ncoles,T-OATS-1,2026-11-22,-3,cli\n',
      );
      const bad = await run('prices.csv');
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('prices.csv line 3: price_cents -3 must be ≥ 0');
      expect(bad.err).toContain('nothing imported');
      await writeFile(
        join(dir, 'prices.csv'),
        'chain,sku,date,price_cents,source\ncoles,T-OATS-1,2026-11-21,350,cli\n',
      );
      const good = await run('prices.csv', '--by', 'cli-test');
      expect(good.code).toBe(0);
      expect(good.out).toMatch(/import #\d+: nothing changed|import #\d+: 0 prices added/);
      const again = await run('prices.csv');
      expect(again.code).toBe(0);
      expect(again.out).toMatch(/already imported as #\d+ on .* by cli-test: nothing changed/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
