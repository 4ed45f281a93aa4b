/**
 * The prices bench on one database (PGlite in this process, or the PostgreSQL of a URL):
 * 1. import 100,000 weekly price rows from CSV through the Data API (npm run prices:import's
 *    code: check, fold, stage in chunks, apply) against a plain COPY of the same rows into a bare
 *    table, medians of three (target ≤ 2×);
 * 2. with 1,000,000 observations in the table, a product's 12-week history read by a signed-in
 *    user through the API and judged (price_history + judgeSpecial), median of 50 products
 *    (target ≤ 50 ms on PostgreSQL), with the plan of the history query;
 * 3. price-recipe with ingredient_prices derived from observations against the same
 *    function over today's hand-typed prices (target ≤ 1.5×), and the derivation itself.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serviceClient } from '../../scripts/prices/client.ts';
import { historySpans, judgeSpecial, prepareImport } from '../../shared/mod.ts';
import { type RunningStack, startStack } from '../../stack/src/stack.ts';
import { applyImport } from '../../supabase/functions/_shared/price-import.ts';
import { PRICE_ANCHORS } from '../../supabase/seed-data/prices.ts';
import type { BenchRow } from '../types.ts';
import { benchFeed } from './data.ts';

const ROWS_PRODUCTS = 2_000;
const ROWS_WEEKS = 50;
const LAST_DAY = '2026-11-17';
const TODAY = '2026-11-25';
const RUNS = 3;
const HISTORY_PRODUCTS = 2_000;
const HISTORY_SPANS = 500;
const HISTORY_CALLS = 50;

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

const BARE_TABLE = `create table bench_copy (chain text, sku text, date date, last_seen date, price_cents integer,
  was_cents integer, promo text, source text)`;

/**
 * COPY of each CSV into a bare table, the same files the timed imports read (run i copies file
 * i): PGlite from a blob, PostgreSQL from the file (psql \\copy if not superuser).
 */
async function timeCopy(databaseUrl: string | undefined, files: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  if (!databaseUrl) {
    const lite = await PGlite.create();
    await lite.exec(BARE_TABLE);
    for (const file of files) {
      await lite.exec('truncate bench_copy');
      const started = performance.now();
      const bytes = await readFile(file);
      await lite.query(`copy bench_copy from '/dev/blob' with (format csv, header true)`, [], {
        blob: new Blob([bytes]),
      });
      times.push(performance.now() - started);
    }
    await lite.close();
    return times;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(BARE_TABLE);
    for (const file of files) {
      await client.query('truncate bench_copy');
      const started = performance.now();
      try {
        await client.query(`copy bench_copy from '${file}' with (format csv, header true)`);
      } catch {
        await new Promise<void>((resolve, reject) => {
          const psql = spawn(
            'psql',
            [
              databaseUrl,
              '-X',
              '-q',
              '-c',
              `\\copy bench_copy from '${file}' with (format csv, header true)`,
            ],
            {
              stdio: 'inherit',
            },
          );
          psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
        });
      }
      times.push(performance.now() - started);
    }
    await client.query('drop table bench_copy');
  } finally {
    await client.end();
  }
  return times;
}

/**
 * fetch, once more on a reset connection: PGlite works in this process, so a long statement
 * stalls the event loop and a kept-alive socket may be closed under the next request.
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!/ECONNRESET|other side closed|socket/i.test(String((error as Error)?.cause ?? error))) throw error;
    return fetch(url, init);
  }
}

async function signIn(stack: RunningStack): Promise<Record<string, string>> {
  const { anonKey } = stack.ctx.config;
  const res = await fetchOnce(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'correct-horse-battery-staple',
    }),
  });
  const session = (await res.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-up failed: ${res.status}`);
  return {
    apikey: anonKey,
    Authorization: `Bearer ${session.access_token}`,
    'Content-Type': 'application/json',
  };
}

/** Node types and index names of a JSON plan, depth first. */
function planNodes(plan: Record<string, unknown>): string[] {
  const here = `${plan['Node Type']}${plan['Index Name'] ? ` (${plan['Index Name']})` : ''}`;
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [here, ...children.flatMap(planNodes)];
}

async function importBench(
  stack: RunningStack,
  databaseUrl: string | undefined,
  label: string,
): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'larder-bench-prices-'));
  await chmod(dir, 0o755);
  try {
    const client = serviceClient(stack.url, stack.ctx.config.serviceRoleKey);
    const feeds = Array.from({ length: RUNS }, (_, i) =>
      benchFeed(`B${i}-`, ROWS_PRODUCTS, ROWS_WEEKS, LAST_DAY, 18 + i),
    );
    // The products first (not timed): the timed import is the 100,000 price rows alone.
    for (const [i, feed] of feeds.entries()) {
      const prepared = await prepareImport(
        [{ name: `products-${i}.csv`, bytes: Buffer.from(feed.products) }],
        {
          today: TODAY,
        },
      );
      await applyImport(client, prepared, { importedBy: 'bench' });
      const file = join(dir, `prices-${i}.csv`);
      await writeFile(file, feed.prices);
      await chmod(file, 0o644);
    }
    const copies = await timeCopy(
      databaseUrl,
      feeds.map((_, i) => join(dir, `prices-${i}.csv`)),
    );
    const imports: number[] = [];
    const phases: Record<string, number>[] = [];
    let spans = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const bytes = await readFile(join(dir, `prices-${i}.csv`));
      const prepared = await prepareImport([{ name: 'prices.csv', bytes }], { today: TODAY });
      const checked = performance.now();
      let staged = checked;
      const outcome = await applyImport(client, prepared, {
        importedBy: 'bench',
        log: () => {
          staged = performance.now();
        },
      });
      const done = performance.now();
      if (outcome.status !== 'applied') throw new Error('bench import was not applied');
      spans = outcome.log.rows_added;
      imports.push(done - started);
      phases.push({ readAndCheck: checked - started, stage: staged - checked, apply: done - staged });
    }
    const ratio = median(imports) / median(copies);
    const details = {
      database: label,
      rows: ROWS_PRODUCTS * ROWS_WEEKS,
      spansStored: spans,
      copyMs: copies,
      importMs: imports,
      phasesMs: phases,
    };
    return [
      {
        name: `${label}: COPY 100,000 price rows into a bare table (median of ${RUNS})`,
        value: median(copies),
        unit: 'ms',
        details,
      },
      {
        name: `${label}: import 100,000 price rows from CSV (median of ${RUNS})`,
        value: median(imports),
        unit: 'ms',
        details,
      },
      { name: `${label}: import ÷ COPY`, value: ratio, unit: '×', target: '≤ 2×', ok: ratio <= 2, details },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function historyBench(stack: RunningStack, label: string): Promise<BenchRow[]> {
  const db = stack.ctx.db;
  const filled = performance.now();
  await db.exec(`insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
    select 'coles', 'H-' || g, 'History bench ' || g, 500, 'g', '2017-01-04', '2026-07-01', 'bench'
    from generate_series(1, ${HISTORY_PRODUCTS}) g`);
  // In slices: PGlite holds its one connection for a statement, and a million rows at once is long.
  const slice = 50;
  for (let from = 0; from < HISTORY_SPANS; from += slice)
    await db.exec(`insert into public.price_observations (product_id, store, date, last_seen, price_cents, was_cents,
        promo, source)
      select p.id, 'online', date '2017-01-04' + 7 * k, date '2017-01-04' + 7 * k + 6,
        300 + ((p.id * 7 + k * 13) % 97), case when k % 9 = 0 then 450 end, case when k % 9 = 0 then 'special' end,
        'bench'
      from public.chain_products p cross join generate_series(${from}, ${Math.min(from + slice, HISTORY_SPANS) - 1}) k
      where p.sku like 'H-%'`);
  await db.exec('analyze public.price_observations');
  const fillMs = performance.now() - filled;
  const { rows: count } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.price_observations',
  );
  const { rows: ids } = await db.query<{ id: number }>(
    `select id from public.chain_products where sku like 'H-%' order by id`,
  );
  const headers = await signIn(stack);
  const asOf = '2026-07-01';
  const times: number[] = [];
  const verdicts: Record<string, number> = {};
  for (let i = 0; i < HISTORY_CALLS + 5; i++) {
    const id = ids[(i * 37) % ids.length]?.id;
    const started = performance.now();
    const res = await fetchOnce(`${stack.url}/rest/v1/rpc/price_history`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ p_product_id: id, p_as_of: asOf }),
    });
    const history = (await res.json()) as Parameters<typeof historySpans>[0];
    if (!res.ok) throw new Error(`price_history: ${res.status} ${JSON.stringify(history)}`);
    const verdict = judgeSpecial(historySpans(history), asOf).verdict;
    if (i >= 5) {
      times.push(performance.now() - started);
      verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    }
  }
  // The plan of the function's query (a SQL function with SET is not inlined, so EXPLAIN its body).
  const { rows: src } = await db.query<{ prosrc: string }>(
    `select prosrc from pg_proc where proname = 'price_history'`,
  );
  const body = (src[0]?.prosrc ?? '')
    .replaceAll('p_product_id', '$1::bigint')
    .replaceAll('p_as_of', '$2::date')
    .replaceAll('p_store', '$3::text');
  const { rows: plan } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${body}`, [
    ids[0]?.id,
    asOf,
    'online',
  ]);
  const planJson = plan[0]?.['QUERY PLAN'];
  const root = (typeof planJson === 'string' ? JSON.parse(planJson) : planJson) as {
    Plan: Record<string, unknown>;
    'Execution Time': number;
  }[];
  const nodes = planNodes(root[0]?.Plan ?? {});
  const med = median(times);
  const isPostgres = label === 'PostgreSQL';
  const details = {
    database: label,
    observations: count[0]?.n,
    fillMs,
    calls: times.length,
    p95: percentile(times, 95),
    verdicts,
    planNodes: nodes,
    sqlExecutionMs: root[0]?.['Execution Time'],
  };
  return [
    {
      name: `${label}: 12-week history + verdict of one product, ${((count[0]?.n ?? 0) / 1e6).toFixed(2)}M observations (REST, median)`,
      value: med,
      unit: 'ms',
      ...(isPostgres
        ? { target: '≤ 50 ms', ok: med <= 50 && nodes.every((n) => !n.startsWith('Seq Scan')) }
        : {}),
      details,
    },
    {
      name: `${label}: the history query alone (EXPLAIN ANALYZE; ${nodes.filter((n) => n.includes('Index')).length} index scans)`,
      value: root[0]?.['Execution Time'] ?? Number.NaN,
      unit: 'ms',
      details,
    },
  ];
}

const RECIPE_CALLERS = 20;
const RECIPE_ROUNDS = 5;

async function recipeBench(stack: RunningStack, label: string): Promise<BenchRow[]> {
  const headers = await signIn(stack);
  const res = await fetch(`${stack.url}/rest/v1/recipes?select=id&is_default=eq.true`, { headers });
  const ids = ((await res.json()) as { id: string }[]).map((r) => r.id);
  const call = async (id: string): Promise<number> => {
    const started = performance.now();
    const r = await fetch(`${stack.url}/functions/v1/price-recipe`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ recipe_id: id }),
    });
    await r.text();
    if (!r.ok) throw new Error(`price-recipe ${r.status}`);
    return performance.now() - started;
  };
  const underLoad = async (): Promise<number[]> => {
    const out: number[] = [];
    await Promise.all(
      Array.from({ length: RECIPE_CALLERS }, async (_, caller) => {
        for (let round = 0; round < RECIPE_ROUNDS; round++)
          out.push(await call(ids[(caller + round) % ids.length] as string));
      }),
    );
    return out;
  };
  const db = stack.ctx.db;
  await db.exec('create table bench_derived as select * from public.ingredient_prices');
  // Today's prices: the hand-typed values the seed held before issue 18.
  const anchors = PRICE_ANCHORS.map((p) => {
    const chain = (c: 'coles' | 'woolworths' | 'aldi') => {
      const v = p[c];
      return v ? `'${v.measure}', ${v.current}, ${v.past}` : 'null, null, null';
    };
    return `('${p.ingredient.replaceAll("'", "''")}', ${chain('coles')}, ${chain('woolworths')}, ${chain('aldi')})`;
  });
  const useToday = `update public.ingredient_prices ip set coles_measure = v.cm, coles_unit_price_current = v.cc,
      coles_unit_price_past = v.cp, woolworths_measure = v.wm, woolworths_unit_price_current = v.wc,
      woolworths_unit_price_past = v.wp, aldi_measure = v.am, aldi_unit_price_current = v.ac, aldi_unit_price_past = v.ap
    from (values ${anchors.join(',\n')}) as v(name, cm, cc, cp, wm, wc, wp, am, ac, ap)
    join public.ingredients i on i.name = v.name where ip.ingredient_id = i.id`;
  const useDerived = `update public.ingredient_prices ip set coles_measure = d.coles_measure,
      coles_unit_price_current = d.coles_unit_price_current, coles_unit_price_past = d.coles_unit_price_past,
      woolworths_measure = d.woolworths_measure, woolworths_unit_price_current = d.woolworths_unit_price_current,
      woolworths_unit_price_past = d.woolworths_unit_price_past, aldi_measure = d.aldi_measure,
      aldi_unit_price_current = d.aldi_unit_price_current, aldi_unit_price_past = d.aldi_unit_price_past
    from bench_derived d where d.ingredient_id = ip.ingredient_id`;
  await underLoad(); // warm the function workers
  const derived: number[] = [];
  const today: number[] = [];
  for (let batch = 0; batch < 3; batch++) {
    await db.exec(useToday);
    today.push(...(await underLoad()));
    await db.exec(useDerived);
    derived.push(...(await underLoad()));
  }
  await db.exec('drop table bench_derived');
  const refreshStarted = performance.now();
  const { rows } = await db.query<{ n: number }>('select public.refresh_ingredient_prices() as n');
  const refreshMs = performance.now() - refreshStarted;
  const ratio = median(derived) / median(today);
  const details = {
    database: label,
    callers: RECIPE_CALLERS,
    requests: derived.length,
    recipes: ids.length,
  };
  return [
    {
      name: `${label}: price-recipe over derived prices, median (20 callers)`,
      value: median(derived),
      unit: 'ms',
      details,
    },
    {
      name: `${label}: price-recipe over today's hand-typed prices, median`,
      value: median(today),
      unit: 'ms',
      details,
    },
    {
      name: `${label}: price-recipe derived ÷ today`,
      value: ratio,
      unit: '×',
      target: '≤ 1.5×',
      ok: ratio <= 1.5,
      details,
    },
    {
      name: `${label}: refresh_ingredient_prices() for every ingredient (the derivation)`,
      value: refreshMs,
      unit: 'ms',
      details: { database: label, rowsChanged: rows[0]?.n },
    },
  ];
}

/** Runs one part of the bench; a failure becomes a row saying so, and the other parts still run. */
async function part(name: string, label: string, run: () => Promise<BenchRow[]>): Promise<BenchRow[]> {
  try {
    return await run();
  } catch (error) {
    console.error(`prices bench, ${label} ${name}:`, error);
    return [
      {
        name: `${label}: ${name} FAILED`,
        value: Number.NaN,
        unit: '',
        ok: false,
        details: { error: String(error) },
      },
    ];
  }
}

/** The whole bench on one database: PGlite when `databaseUrl` is undefined. */
export async function measurePrices(databaseUrl: string | undefined): Promise<BenchRow[]> {
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const stack = await startStack({ port: 0, quiet: true, cron: false, databaseUrl });
  try {
    const rows = await part('import', label, () => importBench(stack, databaseUrl, label));
    // Before the history part: its million observations are not the recipe's prices.
    rows.push(...(await part('price-recipe', label, () => recipeBench(stack, label))));
    rows.push(...(await part('history', label, () => historyBench(stack, label))));
    return rows;
  } finally {
    await stack.stop();
  }
}
