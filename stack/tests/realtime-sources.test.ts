import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCronJob } from '../src/cron/index.ts';
import { client, createUser, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;

/**
 * Changes come from the database itself, so writes that never pass through the stack's REST
 * handler — an edge function's own client, the cron job's function — reach subscribers too.
 */
describe.each(testDatabases)('realtime sees writes from every source on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let sb: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createUser(stack, 'alice');
    sb = client(stack);
    await sb.realtime.setAuth(await alice.token());
  });
  afterAll(async () => {
    await sb?.removeAllChannels();
    await stack?.stop();
  });

  it('delivers a cook added by the add-cook edge function', async () => {
    const changes: { eventType: string; new: Row }[] = [];
    await subscribe(
      sb
        .channel('cooks-from-function')
        .on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table: 'cooks' },
          (p: (typeof changes)[0]) => changes.push(p),
        ),
    );
    const call = async () =>
      sb.functions.invoke('add-cook', {
        body: { name: 'Function Fran' },
        headers: { Authorization: `Bearer ${await alice.token()}` },
      });
    let { data, error } = await call();
    // The runner restarts a function whose sources change; a restart during its first boot
    // (files edited in the working tree meanwhile) answers 503 BOOT_ERROR once.
    if ((error as { context?: Response } | null)?.context?.status === 503) ({ data, error } = await call());
    expect(error).toBeNull();
    const inserted = await waitFor(() => changes.find((c) => c.eventType === 'INSERT'), 10_000, 'INSERT');
    expect(inserted.new).toMatchObject({ id: data.cook.id, name: 'Function Fran', user_id: alice.id });
  });

  it('delivers the deletes of the cleanup-meals cron job', async () => {
    const changes: { eventType: string; old: Row }[] = [];
    await subscribe(
      sb
        .channel('meals-from-cron')
        .on(
          'postgres_changes' as never,
          { event: 'DELETE', schema: 'public', table: 'meal_planner' },
          (p: (typeof changes)[0]) => changes.push(p),
        ),
    );
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.meal_planner (date, user_id) values (current_date - 3, $1) returning id`,
      [alice.id],
    );
    const result = await runCronJob(stack.ctx, { name: 'cleanup-meals' });
    expect(result.status).toBe(200);
    const deleted = await waitFor(() => changes.find((c) => c.old.id === rows[0]!.id), 10_000, 'DELETE');
    expect(deleted.old).toEqual({ id: rows[0]!.id });
  });
});
