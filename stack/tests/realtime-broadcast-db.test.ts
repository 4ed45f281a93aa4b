/**
 * Broadcast from Database as hosted Supabase has it (supabase/realtime: the realtime.messages
 * migrations, realtime.send / broadcast_changes, Realtime.Tenants.Authorization, the
 * access_token handler of RealtimeChannel), through supabase-js on both serializers:
 * private channels authorised by RLS on realtime.messages with the joining user's claims,
 * re-checked on a new access token, and each inserted message sent to its topic's subscribers.
 * The policies here are the test's own, on `conformance:` topics.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;

describe.each(testDatabases)('broadcast from database on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];

  const signedIn = async (user: TestUser | undefined, vsn?: '1.0.0' | '2.0.0', seconds?: number) => {
    const sb = client(stack, vsn);
    if (user) await sb.realtime.setAuth(await user.token(seconds));
    clients.push(sb);
    return sb;
  };
  /** Joins `topic` and records every broadcast it receives. */
  const join = async (sb: SupabaseClient, topic: string, isPrivate = true) => {
    const got: Row[] = [];
    const channel = sb
      .channel(topic, { config: { private: isPrivate } })
      .on('broadcast', { event: '*' }, (message) => got.push(message as Row));
    const joined = await subscribe(channel);
    return { got, channel, joined };
  };
  const refusal = (channel: RealtimeChannel) =>
    new Promise<string>((resolve) =>
      channel.subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR') resolve(String(error?.message));
      }),
    );
  const sql = <R = Row>(text: string, params?: unknown[]) => stack.ctx.db.query<R>(text, params);

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createUser(stack, 'alice');
    bob = await createUser(stack, 'bob');
    // Who may read a topic: a row here. Writing: only `conformance:open:` topics.
    await stack.ctx.db.exec(`
      create table public.conformance_readers (topic text, user_id uuid, primary key (topic, user_id));
      grant select on public.conformance_readers to authenticated;
      alter table public.conformance_readers enable row level security;
      create policy "own rows" on public.conformance_readers for select to authenticated using (user_id = auth.uid());
      create policy "conformance readers" on realtime.messages for select to authenticated
        using (exists (select from public.conformance_readers r where r.topic = (select realtime.topic()) and r.user_id = auth.uid()));
      create policy "conformance writers" on realtime.messages for insert to authenticated
        with check ((select realtime.topic()) like 'conformance:open:%' and extension = 'broadcast');
      create table public.conformance_rows (id int primary key, name text);
      create function public.conformance_rows_changed() returns trigger language plpgsql security definer as $$
      begin
        perform realtime.broadcast_changes('conformance:rows', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger conformance_rows_changed after insert or update or delete on public.conformance_rows
        for each row execute function public.conformance_rows_changed();
    `);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  const allow = (user: TestUser, topic: string) =>
    sql('insert into public.conformance_readers values ($1, $2)', [topic, user.id]);

  it('keeps realtime.messages in day partitions from yesterday to three days ahead, dropping old ones', async () => {
    await sql(`create table realtime.messages_2020_01_01 partition of realtime.messages
               for values from ('2020-01-01') to ('2020-01-02')`);
    await sql('select _stack.realtime_partitions()');
    const { rows } = await sql<{ days: string[] }>(
      `select array_agg(substr(c.relname, 10) order by c.relname) as days
       from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'realtime.messages'::regclass`,
    );
    const { rows: expected } = await sql<{ days: string[] }>(
      `select array_agg(to_char(d, 'YYYY_MM_DD') order by d) as days
       from generate_series(now()::date - 1, now()::date + 3, interval '1 day') d`,
    );
    expect(rows[0]!.days).toEqual(expected[0]!.days);
  });

  it.each(['1.0.0', '2.0.0'] as const)(
    'sends realtime.send to the private topic as Realtime does (serializer %s)',
    async (vsn) => {
      const topic = `conformance:send:${randomUUID()}`;
      await allow(alice, topic);
      const reader = await join(await signedIn(alice, vsn), topic);
      const publicSameName = await join(await signedIn(alice, vsn), topic, false);
      await sql(`select realtime.send('{"n": 1}'::jsonb, 'counted', $1)`, [topic]);
      await sql(`select realtime.send('{"n": 2}'::jsonb, 'counted', $1, false)`, [topic]);
      await waitFor(
        () => reader.got.length === 1 && publicSameName.got.length === 1,
        10_000,
        'both messages',
      );
      const [message] = reader.got as [{ payload: Row; meta: { id: string } }];
      const { rows } = await sql<{ id: string }>(
        `select id::text from realtime.messages where topic = $1 and private order by inserted_at`,
        [topic],
      );
      // The payload gains the message's id, which the metadata carries too.
      expect(message).toEqual({
        type: 'broadcast',
        event: 'counted',
        payload: { n: 1, id: rows[0]!.id },
        meta: { id: rows[0]!.id },
      });
      expect((publicSameName.got[0] as { payload: Row }).payload).toMatchObject({ n: 2 });
    },
  );

  it('sends broadcast_changes from a row trigger with the old and new rows', async () => {
    await allow(alice, 'conformance:rows');
    const reader = await join(await signedIn(alice), 'conformance:rows');
    await sql(`insert into public.conformance_rows values (1, 'one')`);
    await sql(`update public.conformance_rows set name = 'uno' where id = 1`);
    await sql(`delete from public.conformance_rows where id = 1`);
    await waitFor(() => reader.got.length === 3, 10_000, 'three changes');
    const payloads = reader.got.map((m) => {
      const { id, ...rest } = m.payload as Row;
      expect(id).toEqual((m.meta as Row).id);
      return { event: m.event, ...rest };
    });
    const row = (name: string) => ({ id: 1, name });
    const base = { table: 'conformance_rows', schema: 'public' };
    expect(payloads).toEqual([
      { event: 'INSERT', operation: 'INSERT', record: row('one'), old_record: null, ...base },
      { event: 'UPDATE', operation: 'UPDATE', record: row('uno'), old_record: row('one'), ...base },
      { event: 'DELETE', operation: 'DELETE', record: null, old_record: row('uno'), ...base },
    ]);
  });

  it('delivers a message too big for a notification, and nothing from a rolled-back insert', async () => {
    const topic = `conformance:big:${randomUUID()}`;
    await allow(alice, topic);
    const reader = await join(await signedIn(alice), topic);
    const text = 'x'.repeat(20_000);
    await sql(`select realtime.send(jsonb_build_object('text', $2::text), 'big', $1)`, [topic, text]);
    await stack.ctx.db
      .transaction(async (tx) => {
        await tx.query(`select realtime.send('{}'::jsonb, 'undone', $1)`, [topic]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await waitFor(() => reader.got.length === 1, 10_000, 'the big message');
    await settle();
    expect(reader.got.map((m) => m.event)).toEqual(['big']);
    expect((reader.got[0]!.payload as Row).text).toBe(text);
  });

  it('refuses a join the select policy does not allow: another user, anon, an expired token', async () => {
    const topic = `conformance:mine:${randomUUID()}`;
    await allow(alice, topic);
    const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
    const bobs = (await signedIn(bob)).channel(topic, { config: { private: true } });
    expect(await refusal(bobs)).toBe(reason);
    const anons = (await signedIn(undefined)).channel(topic, { config: { private: true } });
    expect(await refusal(anons)).toBe(reason);
    const expired = (await signedIn(alice, undefined, -30)).channel(topic, { config: { private: true } });
    expect(await refusal(expired)).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    // The same name as a public channel is another topic: it hears nothing of the private one.
    const snoop = await join(await signedIn(bob), topic, false);
    await sql(`select realtime.send('{}'::jsonb, 'secret', $1)`, [topic]);
    await settle();
    expect(snoop.got).toEqual([]);
  });

  it('checks the policy again on a new access token and ends the channel once it no longer allows', async () => {
    const topic = `conformance:revoked:${randomUUID()}`;
    await allow(alice, topic);
    const sb = await signedIn(alice);
    const reader = await join(sb, topic);
    // A new token while still allowed changes nothing.
    await sb.realtime.setAuth(await alice.token(1800));
    await sql(`select realtime.send('{"n": 1}'::jsonb, 'before', $1)`, [topic]);
    await waitFor(() => reader.got.length === 1, 10_000, 'the first message');
    await sql('delete from public.conformance_readers where topic = $1', [topic]);
    await sb.realtime.setAuth(await alice.token(1700));
    await waitFor(() => reader.joined.system.some((m) => m.status === 'error'), 10_000, 'the shutdown');
    expect(reader.joined.system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: `You do not have permissions to read from this Channel topic: ${topic}`,
    });
    await waitFor(() => reader.channel.state === 'closed', 10_000, 'the channel to close');
    await sql(`select realtime.send('{"n": 2}'::jsonb, 'after', $1)`, [topic]);
    await settle();
    expect(reader.got.map((m) => m.event)).toEqual(['before']);
  });

  it('lets a client send on a private channel only where the insert policy allows', async () => {
    const open = `conformance:open:${randomUUID()}`;
    const closed = `conformance:closed:${randomUUID()}`;
    for (const topic of [open, closed]) {
      await allow(alice, topic);
      await allow(bob, topic);
    }
    const hear = await Promise.all([join(await signedIn(bob), open), join(await signedIn(bob), closed)]);
    const sb = await signedIn(alice);
    const say = async (topic: string) => {
      const channel = sb.channel(topic, { config: { private: true, broadcast: { ack: true } } });
      await subscribe(channel);
      return channel.send({ type: 'broadcast', event: 'hello', payload: { topic } }, {
        timeout: 1500,
      } as never);
    };
    expect(await say(open)).toBe('ok');
    // Realtime answers nothing to a refused send, so an acked send times out.
    expect(await say(closed)).toBe('timed out');
    await waitFor(() => hear[0].got.length === 1, 10_000, 'the allowed message');
    await settle();
    expect(hear[1].got).toEqual([]);
    // Over REST too: the single endpoint refuses, the batch skips.
    const token = await alice.token();
    const post = (path: string, body: unknown) =>
      fetch(`${stack.url}/realtime/v1/api/broadcast${path}`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect((await post(`/${encodeURIComponent(closed)}/events/x?private=true`, {})).status).toBe(403);
    const batch = await post('', {
      messages: [
        { topic: closed, event: 'rest', payload: {}, private: true },
        { topic: open, event: 'rest', payload: {}, private: true },
      ],
    });
    expect(batch.status).toBe(202);
    await waitFor(() => hear[0].got.length === 2, 10_000, 'the allowed REST message');
    await settle();
    expect(hear[1].got).toEqual([]);
  });
});
