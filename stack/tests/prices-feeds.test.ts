/**
 * Scheduled price imports (issue 18, part 5) through a real stack, on PGlite and PostgreSQL: feed
 * files uploaded to the private `price-feeds` bucket with supabase-js as the service role, the
 * `import-prices` Edge Function invoked as the cron job invokes it, the prices readable by a
 * signed-in user and the files moved under done/; a bad file refused with its row named, nothing
 * written and the file under failed/ with the errors beside it; everyone but the service role
 * refused. The import itself is the code `npm run prices:import` runs (prices-import.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { readCronJobs, runCronJob } from '../src/cron/index.ts';
import type { Db } from '../src/db/index.ts';
import { type Person, signedIn } from './rest-support.ts';
import { adminClient, client } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const FIXTURES = fileURLToPath(new URL('../../scripts/prices/fixtures/', import.meta.url));
const BUCKET = 'price-feeds';

interface DropResult {
  name: string;
  files: string[];
  status: string;
  import_id: number | null;
  message: string;
  errors: string[];
  moved_to: string;
}
interface RunAnswer {
  imports: DropResult[];
  settling: string[];
  left: number;
}

/** Everything an import may write, as one comparable fingerprint. */
async function snapshot(db: Db): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(`select
    (select md5(coalesce(jsonb_agg(p order by p.id), '[]')::text) from public.chain_products p) as products,
    (select md5(coalesce(jsonb_agg(o order by o.id), '[]')::text) from public.price_observations o) as prices,
    (select md5(coalesce(jsonb_agg(m order by m.ingredient_id, m.product_id), '[]')::text) from public.ingredient_products m) as mappings,
    (select count(*)::int from public.price_imports) as imports`);
  return rows[0] as Record<string, unknown>;
}

/** Every object name in the bucket, read from storage.objects. */
async function objectNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 order by name`,
    [BUCKET],
  );
  return rows.map((r) => r.name);
}

describe.each(testDatabases)('import-prices on %s', (database) => {
  let stack: TestStack;
  let admin: SupabaseClient;
  let ana: Person;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    admin = adminClient(stack);
    ana = await signedIn(stack, 'Ana');
  });
  afterAll(() => stack?.stop());

  async function upload(path: string, body: Uint8Array | string): Promise<void> {
    const { error } = await admin.storage.from(BUCKET).upload(path, body, { contentType: 'text/plain' });
    expect(error).toBeNull();
  }
  async function run(body: Record<string, unknown> = { settle_seconds: 0 }): Promise<RunAnswer> {
    const { data, error } = await admin.functions.invoke('import-prices', { body });
    expect(error).toBeNull();
    return data as RunAnswer;
  }

  it('refuses everyone but the service role, and users cannot see the bucket', async () => {
    await upload('secret.json', '{}');
    const refused = { error: 'Only the scheduler (the service role) may import price feeds.' };
    for (const caller of [ana.client, client(stack)]) {
      const answer = await caller.functions.invoke('import-prices', { body: {} });
      expect(answer.error?.context?.status).toBe(403);
      expect(await answer.error?.context?.json()).toEqual(refused);
    }
    const bare = await fetch(`${stack.url}/functions/v1/import-prices`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(401);
    const listed = await ana.client.storage.from(BUCKET).list();
    expect(listed.data ?? []).toEqual([]);
    expect((await ana.client.storage.from(BUCKET).download('secret.json')).error).not.toBeNull();
    expect(await objectNames(stack.ctx.db)).toEqual(['secret.json']);
    const { error } = await admin.storage.from(BUCKET).remove(['secret.json']);
    expect(error).toBeNull();
  });

  it('imports a Larder CSV feed dropped as a folder, and moves it under done/', async () => {
    for (const name of ['products.csv', 'prices.csv', 'ingredient_products.csv'])
      await upload(`week-47/${name}`, await readFile(join(FIXTURES, name)));
    const answer = await run();
    expect(answer).toMatchObject({ settling: [], left: 0 });
    expect(answer.imports).toHaveLength(1);
    const [drop] = answer.imports as [DropResult];
    expect(drop).toMatchObject({
      name: 'week-47',
      files: ['week-47/ingredient_products.csv', 'week-47/prices.csv', 'week-47/products.csv'],
      status: 'applied',
      errors: [],
    });
    expect(drop.message).toMatch(/^import #\d+: 14 prices added \(1 quarantined\)/);
    expect(drop.moved_to).toMatch(/^done\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\/$/);
    expect(await objectNames(stack.ctx.db)).toEqual([
      `${drop.moved_to}week-47/ingredient_products.csv`,
      `${drop.moved_to}week-47/prices.csv`,
      `${drop.moved_to}week-47/products.csv`,
    ]);
    // A signed-in user sees the prices and the log.
    const product = await ana.client.from('chain_products').select('id').eq('sku', 'T-OATS-1').single();
    const spans = await ana.client
      .from('price_observations')
      .select('date, last_seen, price_cents')
      .eq('product_id', product.data?.id)
      .order('date');
    expect(spans.data).toEqual([
      { date: '2026-07-01', last_seen: '2026-09-08', price_cents: 350 },
      { date: '2026-09-09', last_seen: '2026-09-22', price_cents: 280 },
      { date: '2026-09-23', last_seen: '2026-11-20', price_cents: 350 },
    ]);
    const log = await ana.client.from('price_imports').select('files, imported_by').eq('id', drop.import_id);
    expect(log.data).toEqual([{ files: drop.files, imported_by: 'import-prices' }]);
  });

  it('refuses a bad file with its row named, writes nothing, and files it under failed/ with the errors', async () => {
    const before = await snapshot(stack.ctx.db);
    await upload(
      'bad-prices.csv',
      'chain,sku,date,price_cents,source\ncoles,T-OATS-1,2026-11-21,350,drop\ncoles,T-OATS-1,2026-11-22,-3,drop\n',
    );
    const answer = await run();
    expect(answer.imports).toEqual([
      {
        name: 'bad-prices.csv',
        files: ['bad-prices.csv'],
        status: 'failed',
        import_id: null,
        message: 'nothing imported: the feed has errors',
        errors: ['bad-prices.csv line 3: price_cents -3 must be ≥ 0'],
        moved_to: expect.stringMatching(/^failed\/.+\/$/),
      },
    ]);
    expect(await snapshot(stack.ctx.db)).toEqual(before);
    const moved = answer.imports[0]?.moved_to;
    expect((await objectNames(stack.ctx.db)).filter((n) => n.startsWith('failed/'))).toEqual([
      `${moved}bad-prices.csv`,
      `${moved}bad-prices.csv.errors.txt`,
    ]);
    const sidecar = await admin.storage.from(BUCKET).download(`${moved}bad-prices.csv.errors.txt`);
    expect(await sidecar.data?.text()).toBe(
      'bad-prices.csv line 3: price_cents -3 must be ≥ 0\nnothing imported: the feed has errors\n',
    );
  });

  it('says so when the same files come again, and changes nothing', async () => {
    const before = await snapshot(stack.ctx.db);
    await upload('feed.json', await readFile(join(FIXTURES, 'feed.json')));
    await upload('again/products.csv', await readFile(join(FIXTURES, 'products.csv')));
    await upload('again/prices.csv', await readFile(join(FIXTURES, 'prices.csv')));
    await upload('again/ingredient_products.csv', await readFile(join(FIXTURES, 'ingredient_products.csv')));
    const answer = await run();
    expect(answer.imports.map((d) => [d.name, d.status])).toEqual([
      ['again', 'already-imported'],
      ['feed.json', 'applied'],
    ]);
    expect(answer.imports[1]?.message).toMatch(/nothing changed: all 137 rows were already known/);
    expect(await snapshot(stack.ctx.db)).toEqual({ ...before, imports: (before.imports as number) + 1 });
    expect((await objectNames(stack.ctx.db)).filter((n) => !/^(done|failed)\//.test(n))).toEqual([]);
  });

  it('leaves a folder alone while its files are still arriving (the default settle time)', async () => {
    await upload('arriving/products.csv', await readFile(join(FIXTURES, 'products.csv')));
    const answer = await run({});
    expect(answer).toEqual({ imports: [], settling: ['arriving'], left: 0 });
    expect(await objectNames(stack.ctx.db)).toContain('arriving/products.csv');
    const refused = await admin.functions.invoke('import-prices', { body: { settle_seconds: -1 } });
    expect(refused.error?.context?.status).toBe(400);
  });

  it('runs as the cron job: hourly, from the migration, with the service role key', async () => {
    const job = readCronJobs(REPO_ROOT).find((j) => j.name === 'import-prices');
    expect(job?.source).toMatch(/_cron_import_prices\.sql$/);
    const runs = new Cron(job!.expression, { timezone: 'UTC', paused: true }).nextRuns(
      2,
      '2026-01-01T00:00:00Z',
    );
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:20:00.000Z',
      '2026-01-01T01:20:00.000Z',
    ]);
    const answer = await runCronJob(stack.ctx, { name: 'import-prices' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ imports: [], settling: ['arriving'], left: 0 });
  });
});
