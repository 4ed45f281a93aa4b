/**
 * Realtime: insert → postgres_changes event latency through supabase-js, with 1, 20 and 100
 * subscribers on PGlite (the default stack). Each subscriber is a different signed-in user on its
 * own socket, so every change needs a row-level-security verdict per subscriber; the rows are
 * default recipes, which every signed-in user may see, so every subscriber gets every change.
 * Latency is measured until the LAST subscriber has the event. Also counts the database queries
 * the stack spends per change (target: one, whatever the number of subscribers).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startStack } from '../stack/src/stack.ts';
import type { BenchRow } from './types.ts';

const CHANGES = 100;
const WARMUP = 5;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export default async function realtimeBench(): Promise<BenchRow[]> {
  const stack = await startStack({ port: 0, quiet: true, cron: false });
  const db = stack.ctx.db;
  // Counts every query the stack makes, to report the cost of a change.
  let queries = 0;
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: unknown[]) => {
    queries++;
    return query(sql, params);
  }) as typeof db.query;

  const rows: BenchRow[] = [];
  const clients: SupabaseClient[] = [];
  try {
    const received = new Map<string, number>();
    for (const subscribers of [1, 20, 100]) {
      while (clients.length < subscribers) {
        const id = randomUUID();
        await query(
          `insert into auth.users (id, aud, role, email, created_at, updated_at)
           values ($1, 'authenticated', 'authenticated', $2, now(), now())`,
          [id, `bench-${id}@example.com`],
        );
        const sb = createClient(stack.url, stack.ctx.config.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as never },
        });
        const token = await stack.ctx.signJwt({
          sub: id,
          role: 'authenticated',
          aud: 'authenticated',
          exp: Math.floor(Date.now() / 1000) + 3600,
        });
        await sb.realtime.setAuth(token);
        await new Promise<void>((resolve, reject) => {
          sb.channel(`bench-${id}`)
            .on(
              'postgres_changes' as never,
              { event: 'INSERT', schema: 'public', table: 'recipes' },
              (p: { new: { name: string } }) => received.set(p.new.name, (received.get(p.new.name) ?? 0) + 1),
            )
            .subscribe((status) => {
              if (status === 'SUBSCRIBED') resolve();
              else if (status !== 'CLOSED') reject(new Error(status));
            });
        });
        clients.push(sb);
      }
      // Let the subscriptions settle (the "Subscribed to PostgreSQL" messages) before timing.
      await new Promise((r) => setTimeout(r, 300));

      const latencies: number[] = [];
      let spent = 0;
      for (let i = 0; i < WARMUP + CHANGES; i++) {
        const name = `bench ${subscribers} ${i}`;
        const before = queries;
        const started = performance.now();
        await query(`insert into public.recipes (name, is_default, user_id) values ($1, true, null)`, [name]);
        while ((received.get(name) ?? 0) < subscribers) {
          if (performance.now() - started > 10_000)
            throw new Error(`event "${name}" did not reach every subscriber`);
          await new Promise((r) => setImmediate(r));
        }
        if (i >= WARMUP) {
          latencies.push(performance.now() - started);
          spent += queries - before;
        }
      }
      latencies.sort((a, b) => a - b);
      const median = quantile(latencies, 0.5);
      const p95 = quantile(latencies, 0.95);
      const atTarget = subscribers === 100;
      rows.push(
        {
          name: `insert → event, ${subscribers} subscriber${subscribers > 1 ? 's' : ''}, median`,
          value: median,
          unit: 'ms',
          ...(atTarget ? { target: '≤ 50 ms', ok: median <= 50 } : {}),
        },
        {
          name: `insert → event, ${subscribers} subscriber${subscribers > 1 ? 's' : ''}, p95`,
          value: p95,
          unit: 'ms',
          ...(atTarget ? { target: '≤ 150 ms', ok: p95 <= 150 } : {}),
        },
        {
          name: `queries per change, ${subscribers} subscriber${subscribers > 1 ? 's' : ''}`,
          value: spent / CHANGES,
          unit: 'queries',
          target: '1',
          ok: spent / CHANGES <= 1,
          details: { changes: CHANGES },
        },
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack.stop();
  }
  return rows;
}
