import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { client, createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;

describe.each(testDatabases)('realtime protocol on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  const clients: SupabaseClient[] = [];
  const fresh = (vsn?: '1.0.0' | '2.0.0') => {
    const sb = client(stack, vsn);
    clients.push(sb);
    return sb;
  };
  /** A channel on cooks that records the names of inserted rows. */
  const cooksChannel = (sb: SupabaseClient, names: string[], filter?: Row): RealtimeChannel =>
    sb
      .channel(`cooks-${randomUUID()}`)
      .on(
        'postgres_changes' as never,
        { event: 'INSERT', schema: 'public', table: 'cooks', ...filter },
        (p: { new: Row }) => names.push(String(p.new.name)),
      );
  const addCook = (name: string) =>
    stack.ctx.db.query(`insert into public.cooks (name, user_id) values ($1, $2)`, [name, alice.id]);

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createUser(stack, 'alice');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it('speaks both serializers: 2.0.0 arrays and 1.0.0 objects', async () => {
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      const sb = fresh(vsn);
      await sb.realtime.setAuth(await alice.token());
      const names: string[] = [];
      await subscribe(cooksChannel(sb, names));
      await addCook(`Vsn ${vsn}`);
      await waitFor(() => names.includes(`Vsn ${vsn}`), 10_000, `change over ${vsn}`);
    }
  });

  it('answers heartbeats', async () => {
    const sb = fresh();
    const beats: string[] = [];
    sb.realtime.onHeartbeat((status) => beats.push(status));
    await subscribe(sb.channel('beat'));
    await sb.realtime.sendHeartbeat();
    await waitFor(() => beats.includes('ok'), 10_000, 'heartbeat ok');
  });

  it('keeps the channel across an access_token refresh, with the new claims', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token(3));
    const names: string[] = [];
    const sub = await subscribe(cooksChannel(sb, names));
    await sb.realtime.setAuth(await alice.token(3600));
    // The first token expires meanwhile; the refreshed one keeps the channel open.
    await new Promise((r) => setTimeout(r, 3500));
    await addCook('After refresh');
    await waitFor(() => names.includes('After refresh'), 10_000, 'change after refresh');
    expect(sub.statuses).toEqual(['SUBSCRIBED']);
    expect(sub.system.filter((m) => m.status === 'error')).toEqual([]);
  });

  it('subscribes again as the new role when a signed-out channel gets a user token', async () => {
    const sb = fresh();
    const names: string[] = [];
    const sub = await subscribe(cooksChannel(sb, names));
    await addCook('Before sign-in');
    // A change goes to whoever is subscribed when the feed reads it, as Realtime's poll of the
    // WAL does: let it pass while the channel is still signed out (the sign-in raced it once).
    await settle();
    await sb.realtime.setAuth(await alice.token());
    await waitFor(() => sub.system.length === 2, 10_000, 'second Subscribed to PostgreSQL');
    await addCook('After sign-in');
    await waitFor(() => names.includes('After sign-in'), 10_000, 'change after sign-in');
    expect(names).toEqual(['After sign-in']);
    expect(sub.system.map((m) => m.message)).toEqual([
      'Subscribed to PostgreSQL',
      'Subscribed to PostgreSQL',
    ]);
  });

  it('closes the channel when its token expires, with Supabase system message', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token(2));
    const names: string[] = [];
    const sub = await subscribe(cooksChannel(sb, names));
    await waitFor(() => sub.statuses.includes('CLOSED'), 10_000, 'CLOSED');
    expect(sub.system).toContainEqual(
      expect.objectContaining({
        extension: 'system',
        status: 'error',
        message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
      }),
    );
    await addCook('After expiry');
    await settle();
    expect(names).not.toContain('After expiry');
  });

  it('closes the channel when a refresh brings an expired or invalid token', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token());
    const sub = await subscribe(cooksChannel(sb, []));
    await sb.realtime.setAuth('not-a-jwt');
    await waitFor(() => sub.statuses.includes('CLOSED'), 10_000, 'CLOSED');
    expect(sub.system).toContainEqual(
      expect.objectContaining({
        extension: 'system',
        status: 'error',
        message: 'The token provided is not a valid JWT',
      }),
    );
  });

  it('refuses a join with an invalid or badly signed token, with Supabase reasons', async () => {
    const cases: [string, RegExp][] = [
      ['not-a-jwt', /MalformedJWT: The token provided is not a valid JWT/],
      [`${(await alice.token()).slice(0, -4)}AAAA`, /JwtSignatureError: Failed to validate JWT signature/],
      [await alice.token(-10), /InvalidJWTToken: Token has expired \d+ seconds ago/],
    ];
    for (const [token, reason] of cases) {
      const sb = fresh();
      await sb.realtime.setAuth(token);
      const channel = cooksChannel(sb, []);
      await expect(subscribe(channel)).rejects.toThrow(reason);
      await sb.removeChannel(channel);
    }
  });

  it('refuses private channels (no realtime.messages policies) except to the service role', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token());
    const channel = sb.channel('secret', { config: { private: true } });
    await expect(subscribe(channel)).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: secret',
    );
    await sb.removeChannel(channel);
    const service = fresh();
    await service.realtime.setAuth(stack.serviceRoleKey);
    await subscribe(service.channel('secret', { config: { private: true } }));
  });

  it('reports unknown tables and malformed filters in a system message, and keeps serving', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token());
    const names: string[] = [];
    const good = await subscribe(cooksChannel(sb, names));
    const unknown = await subscribe(
      sb
        .channel('unknown')
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'nope' }, () => {}),
    );
    const malformed = await subscribe(
      sb
        .channel('malformed')
        .on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table: 'cooks', filter: 'name=like.x' },
          () => {},
        ),
    );
    const badColumn = await subscribe(
      sb
        .channel('bad-column')
        .on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table: 'cooks', filter: 'colour=eq.red' },
          () => {},
        ),
    );
    await waitFor(
      () => unknown.system.length && malformed.system.length && badColumn.system.length,
      5000,
      'system',
    );
    expect(unknown.system[0]).toEqual({
      extension: 'postgres_changes',
      status: 'error',
      channel: 'unknown',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: nope, filters: [], select: nil]',
    });
    expect(malformed.system[0]).toMatchObject({
      status: 'error',
      message: 'Error parsing `filter` params: ["like", "x"]',
    });
    expect(badColumn.system[0]).toMatchObject({
      status: 'error',
      message: expect.stringContaining('invalid column for filter colour'),
    });
    expect(good.system[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
    await addCook('Still serving');
    await waitFor(() => names.includes('Still serving'), 10_000, 'change on the good channel');
  });

  it('answers garbage frames with an error and keeps the socket serving', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token());
    const names: string[] = [];
    await subscribe(cooksChannel(sb, names));
    const conn = (
      sb.realtime as unknown as { socketAdapter: { getSocket(): { conn: WebSocket } } }
    ).socketAdapter.getSocket().conn;
    for (const junk of ['garbage', '[1,2]', '{"topic":1}', '[null,"9","realtime:none","nope",{}]'])
      conn.send(junk);
    conn.send(Buffer.from([9, 9, 9]));
    await addCook('After garbage');
    await waitFor(() => names.includes('After garbage'), 10_000, 'change after garbage');

    // The replies, seen on a raw socket.
    const raw = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`,
    );
    const frames: unknown[][] = [];
    raw.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((r) => raw.once('open', r));
    raw.send('garbage');
    raw.send('[null,"7","realtime:none","broadcast",{}]');
    raw.send('[null,"8","phoenix","heartbeat",{}]');
    await waitFor(() => frames.length >= 3, 10_000, 'replies');
    raw.close();
    expect(frames[0]).toEqual([
      null,
      null,
      'phoenix',
      'phx_error',
      { reason: expect.stringContaining('malformed message') },
    ]);
    expect(frames[1]).toEqual([
      null,
      '7',
      'realtime:none',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    expect(frames[2]).toEqual([null, '8', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
  });

  it('refuses a WebSocket without a valid API key', async () => {
    const base = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket`;
    for (const url of [`${base}?vsn=2.0.0`, `${base}?apikey=nope&vsn=2.0.0`]) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => undefined);
      });
      expect(status).toBe(401);
    }
  });

  it('delivers broadcast to the other members, to itself only with self, and acks with ack', async () => {
    const topic = `room-${randomUUID()}`;
    const got: Record<string, Row[]> = { a: [], b: [], self: [] };
    const a = fresh().channel(topic, { config: { broadcast: { ack: true } } });
    a.on('broadcast', { event: 'hello' }, (m) => got.a!.push(m));
    const b = fresh().channel(topic);
    b.on('broadcast', { event: 'hello' }, (m) => got.b!.push(m));
    const self = fresh().channel(topic, { config: { broadcast: { self: true } } });
    self.on('broadcast', { event: 'hello' }, (m) => got.self!.push(m));
    await Promise.all([subscribe(a), subscribe(b), subscribe(self)]);
    expect(await a.send({ type: 'broadcast', event: 'hello', payload: { from: 'a' } })).toBe('ok');
    await self.send({ type: 'broadcast', event: 'hello', payload: { from: 'self' } });
    await waitFor(() => got.b!.length === 2 && got.self!.length === 2, 10_000, 'broadcasts');
    await settle(200);
    expect(got.a!.map((m) => (m.payload as Row).from)).toEqual(['self']);
    expect(got.b![0]).toMatchObject({ type: 'broadcast', event: 'hello', payload: { from: 'a' } });
    expect(got.self!.map((m) => (m.payload as Row).from).sort()).toEqual(['a', 'self']);
  });

  it('accepts broadcasts over REST (httpSend and the pre-join send fallback)', async () => {
    const topic = `rest-${randomUUID()}`;
    const got: Row[] = [];
    const member = fresh().channel(topic);
    member.on('broadcast', { event: 'ping' }, (m) => got.push(m.payload as Row));
    await subscribe(member);
    const sender = fresh();
    await expect(sender.channel(topic).httpSend('ping', { via: 'httpSend' })).resolves.toEqual({
      success: true,
    });
    const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: { via: 'messages' } }] }),
    });
    expect(res.status).toBe(202);
    await waitFor(() => got.length === 2, 10_000, 'REST broadcasts');
    expect(got).toEqual([{ via: 'httpSend' }, { via: 'messages' }]);
    const refused = await fetch(`${stack.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
  });

  it('tracks presence: state on join, joins and leaves as diffs', async () => {
    const topic = `presence-${randomUUID()}`;
    const a = fresh().channel(topic, { config: { presence: { key: 'alice' } } });
    const b = fresh().channel(topic, { config: { presence: { key: 'bob' } } });
    const leaves: string[] = [];
    b.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) =>
      leaves.push(key),
    );
    a.on('presence', { event: 'sync' }, () => {});
    await subscribe(a);
    expect(await a.track({ online_at: 'now' })).toBe('ok');
    await subscribe(b);
    await b.track({ online_at: 'later' });
    await waitFor(() => Object.keys(b.presenceState()).length === 2, 10_000, 'both present for b');
    await waitFor(() => Object.keys(a.presenceState()).length === 2, 10_000, 'both present for a');
    expect(b.presenceState().alice).toEqual([expect.objectContaining({ online_at: 'now' })]);
    await a.untrack();
    await waitFor(() => leaves.includes('alice'), 10_000, 'alice left');
    expect(Object.keys(b.presenceState())).toEqual(['bob']);
  });

  it('stops delivering after the channel is removed', async () => {
    const sb = fresh();
    await sb.realtime.setAuth(await alice.token());
    const names: string[] = [];
    const channel = cooksChannel(sb, names);
    await subscribe(channel);
    expect(await sb.removeChannel(channel)).toBe('ok');
    await addCook('After leave');
    await settle();
    expect(names).toEqual([]);
  });
});

describe.each(testDatabases)('realtime when the stack stops on %s', (database) => {
  let stack: TestStack;
  // Started in the hook: a fresh stack's migrations can take a while on a busy machine.
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it("errors the client's channel (the web app reloads on that)", async () => {
    const sb = client(stack);
    try {
      const sub = await subscribe(sb.channel('bye'));
      await stack.stop();
      await waitFor(() => sub.statuses.includes('CHANNEL_ERROR'), 10_000, 'CHANNEL_ERROR');
    } finally {
      // Not awaited: with the server gone, realtime-js waits up to 10 s for a clean disconnect.
      void sb.removeAllChannels();
    }
  });
});
