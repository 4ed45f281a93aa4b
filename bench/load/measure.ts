import { startStack } from '../../stack/src/stack.ts';
import type { BenchRow } from '../types.ts';

const CLIENTS = 50;
/** Seconds each phase lasts; LOAD_SECONDS shortens it for a quick look. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const P99_TARGET = 2;

/** The 14-level cyclic embed that once took the stack down (issue 14). */
const HOSTILE = (() => {
  let inner = 'id';
  for (let level = 14; level >= 1; level--) {
    inner = `id,${level % 2 === 1 ? 'recipe_ingredients' : 'ingredients'}(${inner})`;
  }
  return `/rest/v1/recipes?select=${encodeURIComponent(inner)}`;
})();

interface Client {
  token: string;
}

interface Phase {
  latencies: number[];
  errors: number;
  requests: number;
}

const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/**
 * 50 signed-in clients doing what the app does (recipes with their lines, prices, the plan, the
 * pantry, ticking the shopping list) for SECONDS, then again with one more client sending the
 * hostile select in a loop; the others' p99 with it over their p99 without it is the ratio.
 */
export async function measureLoad(databaseUrl: string | undefined, label: string): Promise<BenchRow[]> {
  const stack = await startStack({ port: 0, quiet: true, cron: false, databaseUrl });
  const anon = stack.ctx.config.anonKey;
  const call = async (token: string, path: string, init: RequestInit = {}): Promise<number> => {
    const res = await fetch(`${stack.url}${path}`, {
      ...init,
      headers: { apikey: anon, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    await res.arrayBuffer();
    return res.status;
  };
  try {
    const signUp = async (i: number): Promise<Client> => {
      const res = await fetch(`${stack.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `load-${i}-${Date.now()}@example.com`,
          password: 'correct-horse-battery',
        }),
      });
      return { token: ((await res.json()) as { access_token: string }).access_token };
    };
    const clients: Client[] = [];
    for (let i = 0; i < CLIENTS + 1; i++) clients.push(await signUp(i));
    const attacker = clients.pop()!;

    const mix = [
      (c: Client) =>
        call(
          c.token,
          '/rest/v1/recipes?select=id,name,portions,duration,recipe_ingredients(id,quantity,ingredient_id,measurement_id)&order=name',
        ),
      (c: Client) => call(c.token, '/rest/v1/ingredient_prices?select=*'),
      (c: Client) => call(c.token, '/rest/v1/meal_planner?select=id,date,recipe_id,cook_id&order=date'),
      (c: Client) => call(c.token, '/rest/v1/pantry?select=id,name,quantity,unit&order=name'),
      (c: Client) =>
        call(c.token, '/rest/v1/shopping', {
          method: 'POST',
          body: JSON.stringify({ name: 'milk', quantity: 1 }),
        }),
      (c: Client) =>
        call(c.token, '/rest/v1/shopping?checked=eq.false', { method: 'PATCH', body: '{"checked":true}' }),
    ];

    const run = async (withAttacker: boolean): Promise<Phase> => {
      const phase: Phase = { latencies: [], errors: 0, requests: 0 };
      const until = performance.now() + SECONDS * 1000;
      let stop = false;
      const worker = async (c: Client, offset: number) => {
        for (let i = offset; performance.now() < until; i++) {
          const started = performance.now();
          const status = await mix[i % mix.length]!(c).catch(() => 0);
          phase.latencies.push(performance.now() - started);
          phase.requests++;
          if (status === 0 || status >= 400) phase.errors++;
        }
      };
      const hostile = async () => {
        while (!stop) await call(attacker.token, HOSTILE).catch(() => 0);
      };
      const attacking = withAttacker ? hostile() : Promise.resolve();
      await Promise.all(clients.map((c, i) => worker(c, i)));
      stop = true;
      await attacking;
      return phase;
    };

    const calm = await run(false);
    const attacked = await run(true);
    const calmP99 = percentile(calm.latencies, 99);
    const attackedP99 = percentile(attacked.latencies, 99);
    const ratio = attackedP99 / calmP99;
    return [
      {
        name: `${label}: ${CLIENTS} clients × ${SECONDS} s, app mix, p99`,
        value: calmP99,
        unit: 'ms',
        details: {
          p50: percentile(calm.latencies, 50),
          requests: calm.requests,
          perSecond: Math.round(calm.requests / SECONDS),
        },
      },
      {
        name: `${label}: errors under load (with and without the hostile client)`,
        value: calm.errors + attacked.errors,
        unit: 'errors',
        target: '0',
        ok: calm.errors + attacked.errors === 0,
      },
      {
        name: `${label}: others' p99 with one client sending the hostile select in a loop ÷ without`,
        value: ratio,
        unit: '×',
        target: `≤ ${P99_TARGET}×`,
        ok: ratio <= P99_TARGET,
        details: { p99: attackedP99, p50: percentile(attacked.latencies, 50), requests: attacked.requests },
      },
    ];
  } finally {
    await stack.stop();
  }
}
