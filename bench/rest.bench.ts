/**
 * REST: a signed-in user's read of 50 recipes with one embed (their ingredient lines) through
 * /rest/v1, against the same SQL run directly on the database in this process under the same
 * claims (so row-level security costs the same on both sides). The ratio is the price of
 * HTTP, JWT verification, query-string parsing and planning. Plus sustained requests/second
 * with 20 concurrent clients. PGlite, as `npm start` runs it.
 */
import { randomUUID } from 'node:crypto';
import { withClaims } from '../stack/src/db/index.ts';
import { startStack } from '../stack/src/stack.ts';
import type { BenchRow } from './types.ts';

const ITERATIONS = 300;
const WARMUP = 30;
const CONCURRENCY = 20;
const THROUGHPUT_MS = 4000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const DIRECT_SQL = `
select coalesce(json_agg(_r), '[]'::json)::text as body
from (
  select r.id, r.name, r.portions,
    (select coalesce(json_agg(_l), '[]'::json)
       from (select ri.quantity, ri.ingredient_id from public.recipe_ingredients ri where ri.recipe_id = r.id) _l
    ) as recipe_ingredients
  from public.recipes r
  where r.user_id = $1
  order by r.name
  limit 50
) _r`;

export default async function restBench(): Promise<BenchRow[]> {
  const stack = await startStack({ port: 0, quiet: true, cron: false });
  const db = stack.ctx.db;
  try {
    const id = randomUUID();
    await db.query(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
      [id, `bench-${id}@example.com`],
    );
    // 60 recipes of the user's own, three lines each, so the read returns 50 with an embed.
    await db.query(
      `with rs as (
         insert into public.recipes (name, user_id, portions)
         select 'Bench recipe ' || lpad(g::text, 3, '0'), $1, 2 from generate_series(1, 60) g
         returning id)
       insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity, position)
       select rs.id, i.id, '1', i.n
       from rs, (select id, row_number() over (order by id) as n from public.ingredients order by id limit 3) i`,
      [id],
    );
    const claims = {
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const token = await stack.ctx.signJwt(claims);
    const url = `${stack.url}/rest/v1/recipes?select=id,name,portions,recipe_ingredients(quantity,ingredient_id)&user_id=eq.${id}&order=name&limit=50`;
    const headers = { apikey: stack.ctx.config.anonKey, authorization: `Bearer ${token}` };

    const viaRest = async () => {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as unknown[];
      if (res.status !== 200 || body.length !== 50) throw new Error(`unexpected REST answer ${res.status}`);
    };
    const direct = async () => {
      const { rows } = await withClaims(db, claims, (tx) => tx.query<{ body: string }>(DIRECT_SQL, [id]));
      if ((JSON.parse(rows[0]!.body) as unknown[]).length !== 50) throw new Error('unexpected direct answer');
    };

    const time = async (fn: () => Promise<void>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    for (let i = 0; i < WARMUP; i++) {
      await viaRest();
      await direct();
    }
    // Interleaved so both sides see the same machine noise.
    const restTimes: number[] = [];
    const directTimes: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      restTimes.push(await time(viaRest));
      directTimes.push(await time(direct));
    }
    const restMs = median(restTimes);
    const directMs = median(directTimes);
    const ratio = restMs / directMs;

    let done = 0;
    const until = performance.now() + THROUGHPUT_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          await viaRest();
          done++;
        }
      }),
    );
    const perSecond = done / ((performance.now() - started) / 1000);

    return [
      {
        name: 'REST read 50 rows + embed (median)',
        value: restMs,
        unit: 'ms',
        details: { iterations: ITERATIONS },
      },
      { name: 'same SQL direct, same claims (median)', value: directMs, unit: 'ms' },
      { name: 'REST / direct SQL (PGlite)', value: ratio, unit: '×', target: '≤ 3×', ok: ratio <= 3 },
      {
        name: `REST reads with ${CONCURRENCY} concurrent clients`,
        value: perSecond,
        unit: 'req/s',
        details: { requests: done, seconds: THROUGHPUT_MS / 1000 },
      },
    ];
  } finally {
    await stack.stop();
  }
}
