/**
 * One user's channel, message or subscription never reaches or breaks anyone else's: private
 * and public topics are apart, a message over the size limit is refused alone, and a
 * subscription that cannot be evaluated costs only its own subscriber.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;

/** Over Realtime's default payload limit (3000 KB) and under its frame limit (5 MB). */
const TOO_BIG = 'x'.repeat(3_100_000);

describe.each(testDatabases)('realtime isolation on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  const clients: SupabaseClient[] = [];
  const fresh = async (token?: string) => {
    const sb = client(stack);
    if (token) await sb.realtime.setAuth(token);
    clients.push(sb);
    return sb;
  };
  const addCook = (name: string) =>
    stack.ctx.db.query(`insert into public.cooks (name, user_id) values ($1, $2)`, [name, alice.id]);
  /** A channel on cooks inserts that records the names it gets. */
  const cooks = (sb: SupabaseClient, names: string[], filter?: string): RealtimeChannel =>
    sb
      .channel(`cooks-${randomUUID()}`)
      .on(
        'postgres_changes' as never,
        { event: 'INSERT', schema: 'public', table: 'cooks', ...(filter ? { filter } : {}) },
        (p: { new: Row }) => names.push(String(p.new.name)),
      );

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createUser(stack, 'alice');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it('keeps a private and a public channel of the same name apart: broadcast and presence', async () => {
    const topic = `room-${randomUUID()}`;
    const got: Record<string, Row[]> = { private: [], public: [] };
    const member = async (kind: 'private' | 'public', key: string) => {
      const sb = await fresh(kind === 'private' ? stack.serviceRoleKey : undefined);
      const channel = sb.channel(topic, {
        config: { private: kind === 'private', broadcast: { self: true }, presence: { key } },
      });
      channel.on('broadcast', { event: 'hello' }, (m) => got[kind]!.push(m.payload as Row));
      channel.on('presence', { event: 'sync' }, () => {});
      await subscribe(channel);
      await channel.track({ kind });
      return channel;
    };
    const secret = await member('private', 'secret');
    const open = await member('public', 'open');

    await secret.send({ type: 'broadcast', event: 'hello', payload: { from: 'private' } });
    await open.send({ type: 'broadcast', event: 'hello', payload: { from: 'public' } });
    // Over REST: the service role may write to the private topic; anyone else is skipped there.
    await expect(secret.httpSend('hello', { from: 'private-rest' })).resolves.toEqual({ success: true });
    const anonPrivate = (await fresh()).channel(topic, { config: { private: true } });
    await expect(anonPrivate.httpSend('hello', { from: 'anon-private-rest' })).rejects.toThrow(
      'Unauthorized',
    );
    const batch = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic, event: 'hello', payload: { from: 'anon-private-batch' }, private: true }],
      }),
    });
    expect(batch.status).toBe(202);

    await waitFor(() => got.private!.length === 2 && got.public!.length === 1, 10_000, 'broadcasts');
    await waitFor(() => Object.keys(secret.presenceState()).length > 0, 10_000, 'private presence');
    await waitFor(() => Object.keys(open.presenceState()).length > 0, 10_000, 'public presence');
    await settle();
    expect(got.private!.map((m) => m.from).sort()).toEqual(['private', 'private-rest']);
    expect(got.public!.map((m) => m.from)).toEqual(['public']);
    expect(Object.keys(secret.presenceState())).toEqual(['secret']);
    expect(Object.keys(open.presenceState())).toEqual(['open']);
  });

  it('refuses a broadcast over the size limit alone: the socket and the channel keep serving', async () => {
    const topic = `big-${randomUUID()}`;
    const got: Row[] = [];
    const sender = (await fresh()).channel(topic, { config: { broadcast: { ack: true } } });
    const receiver = (await fresh()).channel(topic);
    receiver.on('broadcast', { event: 'note' }, (m) => got.push(m.payload as Row));
    const [sent] = await Promise.all([subscribe(sender), subscribe(receiver)]);

    // As Realtime: not delivered, and an acked send is answered with an error.
    expect(await sender.send({ type: 'broadcast', event: 'note', payload: { text: TOO_BIG } })).toBe('error');
    expect(await sender.send({ type: 'broadcast', event: 'note', payload: { text: 'small' } })).toBe('ok');
    await waitFor(() => got.length === 1, 10_000, 'the small broadcast');
    await settle(200);
    expect(got).toEqual([{ text: 'small' }]);
    expect(sent.statuses).toEqual(['SUBSCRIBED']);

    // A presence track over the limit ends that channel only, with Realtime's message.
    const tracker = (await fresh()).channel(topic, { config: { presence: { key: 'big' } } });
    const tracked = await subscribe(tracker);
    // Not awaited: Realtime ends the channel instead of replying.
    void tracker.track({ text: TOO_BIG });
    await waitFor(() => tracked.statuses.includes('CLOSED'), 10_000, 'the tracking channel closed');
    expect(tracked.system).toContainEqual(
      expect.objectContaining({
        extension: 'system',
        status: 'error',
        message: 'Track message size exceeded',
      }),
    );
    expect(await sender.send({ type: 'broadcast', event: 'note', payload: { text: 'after' } })).toBe('ok');
    await waitFor(() => got.length === 2, 10_000, 'a broadcast after the refused track');
  });

  it('answers REST broadcasts over the limits with 413 (body) and 422 (payload), as Realtime', async () => {
    const post = (body: string) =>
      fetch(`${stack.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body,
      });
    const message = (text: string) => ({ topic: 'big-rest', event: 'note', payload: { text } });
    const huge = await post(JSON.stringify({ messages: [message('x'.repeat(8_100_000))] }));
    expect(huge.status).toBe(413);
    const big = await post(JSON.stringify({ messages: [message('small'), message(TOO_BIG)] }));
    expect(big.status).toBe(422);
    expect(await big.json()).toEqual({
      errors: { messages: [{}, { payload: ['Payload size exceeds tenant limit'] }] },
    });
    expect((await post(JSON.stringify({ messages: [message('small')] }))).status).toBe(202);
  });

  it("gives a filter the column cannot hold its own error, and keeps the others' changes coming", async () => {
    const good: string[] = [];
    await subscribe(cooks(await fresh(await alice.token()), good, `user_id=eq.${alice.id}`));
    const errors: Record<string, unknown>[] = [];
    for (const filter of ['id=eq.abc', 'name=is.true', 'created_at=gt.soon']) {
      const sub = await subscribe(cooks(await fresh(await alice.token()), [], filter));
      errors.push(await waitFor(() => sub.system[0], 10_000, `system message for ${filter}`));
    }
    const prefix =
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ';
    expect(errors.map((m) => m.status)).toEqual(['error', 'error', 'error']);
    expect(errors[0]!.message).toBe(
      `${prefix}[event: INSERT, schema: public, table: cooks, filters: [{"id", "eq", "abc", false}], select: nil]. Exception: ERROR 22P02 (invalid_text_representation) invalid input syntax for type uuid: "abc"`,
    );
    expect(errors[1]!.message).toMatch(
      /Exception: ERROR P0001 \(raise_exception\) is true filter requires a boolean column, got text$/,
    );
    expect(errors[2]!.message).toMatch(
      /Exception: ERROR 22007 \(invalid_datetime_format\) invalid input syntax for type timestamp with time zone: "soon"$/,
    );
    await addCook('Despite bad filters');
    await waitFor(() => good.includes('Despite bad filters'), 10_000, 'the change on the good subscription');
  });

  it("does not let one subscriber's failing policy check stop the table's changes for the others", async () => {
    const good: string[] = [];
    await subscribe(cooks(await fresh(await alice.token()), good));
    // Valid for Realtime, but auth.uid() cannot cast this `sub`: the cooks policy raises for it.
    const odd = await stack.ctx.signJwt({
      sub: 'not-a-uuid',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const oddNames: string[] = [];
    await subscribe(cooks(await fresh(odd), oddNames));
    await addCook('Seen by the others');
    await waitFor(() => good.includes('Seen by the others'), 10_000, 'the change for the good subscriber');
    await settle(200);
    expect(oddNames).toEqual([]);
  });
});
