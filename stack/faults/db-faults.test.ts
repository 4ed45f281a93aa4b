/**
 * PostgreSQL going away under a running stack (a restart, a crash) must never end the stack's
 * process: requests meanwhile get 503 with Retry-After, and when the server is back everything
 * resumes by itself, realtime included. The test runs a PostgreSQL server of its own so that it
 * can stop and start it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, subscribe, type TestUser, waitFor } from '../tests/realtime-support.ts';
import { type Cluster, createCluster, pgBinDir } from '../tests/support/cluster.ts';
import { startTestStack, type TestStack } from '../tests/support/stack.ts';

const binDir = pgBinDir();

/** Polls an async check until it yields a value, or fails after `timeout` ms. */
async function poll<T>(check: () => Promise<T | undefined>, timeout: number, what: string): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!binDir)('PostgreSQL restarting under a running stack', () => {
  let cluster: Cluster;
  let stack: TestStack;
  let alice: TestUser;
  let sb: SupabaseClient | undefined;
  let finish: (() => void) | undefined;

  beforeAll(async () => {
    cluster = await createCluster(binDir!);
    stack = await startTestStack({ database: 'postgres', databaseUrl: cluster.url });
    alice = await createUser(stack, 'alice');
  });
  afterAll(async () => {
    // A failed run can leave the held transaction open, and the pool waits for it on close.
    finish?.();
    void sb?.removeAllChannels();
    // Whatever happened, the server and its directory go: a stop that hangs is cut short.
    const patience = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
    await Promise.race([stack?.stop().catch(() => undefined), patience]);
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After while it is down, and resumes REST, Auth and Realtime when it is back', async () => {
    const token = await alice.token();
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${token}` };
    // A hang would show up as a timeout here rather than as a stuck test.
    const read = () =>
      fetch(`${stack.url}/rest/v1/cooks?select=id`, { headers, signal: AbortSignal.timeout(5000) });
    const signIn = () =>
      fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: alice.email, password: 'not-her-password' }),
        signal: AbortSignal.timeout(5000),
      });

    sb = client(stack);
    await sb.realtime.setAuth(token);
    const names: string[] = [];
    const sub = await subscribe(
      sb
        .channel('cooks-outage')
        .on(
          'postgres_changes' as never,
          { event: 'INSERT', schema: 'public', table: 'cooks' },
          (p: { new: { name: string } }) => names.push(p.new.name),
        ),
    );
    await waitFor(() => sub.system.length > 0, 10_000, 'Subscribed to PostgreSQL');
    const notified: string[] = [];
    await stack.ctx.db.listen('db_faults_test', (payload) => notified.push(payload));

    // A connection checked out and idle in a transaction when the server dies: node-postgres
    // emits 'error' on it, which ends the process unless someone listens.
    const held = stack.ctx.db.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      await tx.query('select 1');
    });
    held.catch(() => undefined);

    // Requests in flight while PostgreSQL stops: each answers 200 or 503, never 500, never hangs.
    const statuses: number[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const res = await read().catch(() => undefined);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer();
      }
    })();
    await waitFor(() => statuses.length >= 3, 10_000, 'requests before the stop');
    await cluster.stop('immediate');

    const down = await poll(
      async () => {
        const res = await read();
        if (res.status === 503) return res;
        await res.arrayBuffer();
        return undefined;
      },
      10_000,
      'a 503 from REST',
    );
    expect(down.headers.get('retry-after')).toBe('1');
    expect(await down.json()).toMatchObject({
      code: expect.stringMatching(/^PGRST00[01]$/),
      message: expect.stringMatching(/Retrying the connection\.$/),
      details: expect.any(String),
    });
    const auth = await signIn();
    expect(auth.status).toBe(503);
    expect(auth.headers.get('retry-after')).toBe('1');
    await waitFor(
      () => sub.system.find((m) => m.status === 'error'),
      10_000,
      'the subscriber told that changes may be missed',
    );
    expect(sub.system.at(-1)).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: 'Realtime was unable to connect to the project database',
    });
    // A join naming postgres_changes meanwhile is refused as Supabase refuses it (realtime-js
    // would retry it); channels already joined stay joined.
    const late = sb
      .channel('cooks-late')
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'cooks' }, () => undefined);
    await expect(subscribe(late)).rejects.toThrow(
      'UnableToConnectToProject: Realtime was unable to connect to the project database',
    );
    await sb.removeChannel(late);
    loading = false;
    await load;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    finish?.();
    await expect(held).rejects.toThrow();

    await cluster.start();
    await poll(
      async () => {
        const res = await read();
        await res.arrayBuffer();
        return res.status === 200 ? true : undefined;
      },
      10_000,
      'REST answering again',
    );
    expect((await signIn()).status).toBe(400);
    // Realtime says it is subscribed again once its LISTEN connection is back: changes from
    // then on reach the subscriber, who can refetch what the outage hid.
    await waitFor(
      () => sub.system.filter((m) => m.message === 'Subscribed to PostgreSQL').length === 2,
      10_000,
      'Subscribed to PostgreSQL again',
    );
    const insert = await fetch(`${stack.url}/rest/v1/cooks`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'After the restart', user_id: alice.id }),
    });
    expect(insert.status).toBe(201);
    await waitFor(() => names.includes('After the restart'), 10_000, 'the change made after recovery');
    // Every channel is listened to again, not only Realtime's.
    await stack.ctx.db.query(`select pg_notify('db_faults_test', 'back')`);
    await waitFor(() => notified.includes('back'), 10_000, 'a notification on another channel');
    expect(sub.statuses).toEqual(['SUBSCRIBED']);
  });
});
