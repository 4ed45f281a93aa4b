/**
 * Issue 26: the app's live updates travel as Broadcast from Database on private topics, a
 * household's (`household:<id>:<generation>`) and a person's own (`user:<id>`), authorised by
 * the policies of supabase/migrations/20261126080000_live_topics.sql. The security cases: a
 * member of A never hears B; someone removed hears nothing after the removal; anon and expired
 * tokens are refused at join; no client can send to these topics; no one joins another's topic
 * by guessing its name.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;
interface Heard {
  event: string;
  payload: { table: string; operation: string; record: Row | null; old_record: Row | null };
}

describe.each(testDatabases)('live household and personal topics on %s', (database) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];

  /** supabase-js signed in as `user` (or anon), for REST and Realtime alike. */
  const as = async (user?: TestUser, seconds?: number) => {
    const token = user ? await user.token(seconds) : stack.anonKey;
    const sb = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as never },
    });
    await sb.realtime.setAuth(token);
    clients.push(sb);
    return sb;
  };
  const topicOf = async (household: string) => {
    const { rows } = await stack.ctx.db.query<{ topic: string }>(
      'select private.household_topic($1) as topic',
      [household],
    );
    return rows[0]!.topic;
  };
  const listen = async (sb: SupabaseClient, topic: string, ack = false) => {
    const heard: Heard[] = [];
    const channel = sb
      .channel(topic, { config: { private: true, broadcast: { ack } } })
      .on('broadcast', { event: '*' }, (m) => heard.push(m as unknown as Heard));
    const joined = await subscribe(channel);
    return { heard, channel, joined };
  };
  const refused = (channel: RealtimeChannel) =>
    new Promise<string>((resolve) =>
      channel.subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR') resolve(String(error?.message));
      }),
    );
  const names = (heard: Heard[], table = 'shopping') =>
    heard.filter((h) => h.payload.table === table).map((h) => `${h.event} ${h.payload.record?.name ?? ''}`);

  /** A household of `owner` with `member` in it; returns the household's id. */
  const household = async (owner: TestUser, member?: TestUser) => {
    const ownerDb = await as(owner);
    const { data } = await ownerDb.from('users').select('household_id').eq('id', owner.id).single();
    if (member) {
      const invited = await ownerDb.rpc('create_household_invitation', {});
      const accepted = await (await as(member)).rpc('accept_household_invitation', {
        token: (invited.data as { token: string }).token,
      });
      expect(accepted.error).toBeNull();
    }
    return String(data!.household_id);
  };

  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it('sends a household change to every member and never to another household', async () => {
    const [owner, member, other] = await Promise.all([
      createUser(stack, 'owner'),
      createUser(stack, 'member'),
      createUser(stack, 'other'),
    ]);
    const a = await household(owner, member);
    const b = await household(other);
    const ownerFeed = await listen(await as(owner), await topicOf(a));
    const memberFeed = await listen(await as(member), await topicOf(a));
    const otherFeed = await listen(await as(other), await topicOf(b));

    const memberDb = await as(member);
    const added = await memberDb.from('shopping').insert({ name: 'Oat milk' }).select('id').single();
    expect(added.error).toBeNull();
    await (await as(owner)).from('shopping').update({ checked: true }).eq('id', added.data!.id);
    await (await as(other)).from('shopping').insert({ name: 'Secret' });
    await waitFor(() => names(memberFeed.heard).length === 2, 10_000, 'the member to hear both changes');
    await waitFor(() => names(otherFeed.heard).length === 1, 10_000, 'the other household its own change');
    expect(names(ownerFeed.heard)).toEqual(['INSERT Oat milk', 'UPDATE Oat milk']);
    expect(names(memberFeed.heard)).toEqual(['INSERT Oat milk', 'UPDATE Oat milk']);
    const update = memberFeed.heard.find((h) => h.event === 'UPDATE')!;
    expect(update.payload).toMatchObject({
      operation: 'UPDATE',
      schema: 'public',
      table: 'shopping',
      record: { id: added.data!.id, household_id: a, checked: true },
      old_record: { id: added.data!.id, checked: false },
    });
    await settle();
    expect(names(otherFeed.heard)).toEqual(['INSERT Secret']);
    expect(names(ownerFeed.heard)).not.toContain('INSERT Secret');
    // Nor can the other join A's topic.
    const snoop = (await as(other)).channel(await topicOf(a), { config: { private: true } });
    expect(await refused(snoop)).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${await topicOf(a)}`,
    );
  });

  it('sends personal rows to their owner only: profile, favourites, own recipes', async () => {
    const [me, them] = await Promise.all([createUser(stack, 'me'), createUser(stack, 'them')]);
    await household(me);
    await household(them);
    const mine = await listen(await as(me), `user:${me.id}`);
    const theirs = await listen(await as(them), `user:${them.id}`);
    const myDb = await as(me);
    const recipe = await myDb.from('recipes').insert({ name: 'Dal' }).select('id').single();
    expect(recipe.error).toBeNull();
    expect((await myDb.from('favourites').insert({ recipe_id: recipe.data!.id })).error).toBeNull();
    expect((await myDb.from('users').update({ name: 'Me Again' }).eq('id', me.id)).error).toBeNull();
    await waitFor(() => mine.heard.length >= 3, 10_000, 'three personal changes');
    expect(mine.heard.map((h) => `${h.event} ${h.payload.table}`)).toEqual([
      'INSERT recipes',
      'INSERT favourites',
      'UPDATE users',
    ]);
    await settle();
    expect(theirs.heard).toEqual([]);
  });

  it('stops at once for someone removed: their departure is the last thing they hear', async () => {
    const [owner, member] = await Promise.all([createUser(stack, 'owner'), createUser(stack, 'member')]);
    const id = await household(owner, member);
    const before = await topicOf(id);
    const memberFeed = await listen(await as(member), before);
    const ownerDb = await as(owner);
    expect((await ownerDb.from('shopping').insert({ name: 'Bread' })).error).toBeNull();
    await waitFor(() => names(memberFeed.heard).includes('INSERT Bread'), 10_000, 'the member to hear Bread');

    expect(
      (await ownerDb.rpc('remove_household_member', { household: id, member: member.id })).error,
    ).toBeNull();
    const after = await topicOf(id);
    expect(after).not.toBe(before);
    const ownerFeed = await listen(await as(owner), after);
    expect((await ownerDb.from('shopping').insert({ name: 'Eggs' })).error).toBeNull();
    await waitFor(() => names(ownerFeed.heard).includes('INSERT Eggs'), 10_000, 'the owner to hear Eggs');
    await settle();
    expect(memberFeed.heard.map((h) => `${h.event} ${h.payload.table}`)).toEqual([
      'INSERT shopping',
      'DELETE household_members',
    ]);
    // Neither topic admits them now, and a new token ends the channel they still hold.
    const memberSb = await as(member);
    for (const topic of [before, after]) {
      expect(await refused(memberSb.channel(topic, { config: { private: true } }))).toMatch(
        /^Unauthorized: /,
      );
    }
    await memberFeed.channel.socket.setAuth(await member.token(1800));
    await waitFor(() => memberFeed.channel.state === 'closed', 10_000, 'the old channel to end');
  });

  it('refuses anon and expired tokens at join', async () => {
    const user = await createUser(stack, 'late');
    const id = await household(user);
    for (const topic of [`user:${user.id}`, await topicOf(id)]) {
      const anon = (await as()).channel(topic, { config: { private: true } });
      expect(await refused(anon)).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
      const expired = (await as(user, -10)).channel(topic, { config: { private: true } });
      expect(await refused(expired)).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    }
  });

  it('lets no client send to a household or personal topic', async () => {
    const [owner, member] = await Promise.all([createUser(stack, 'owner'), createUser(stack, 'member')]);
    const id = await household(owner, member);
    const topics = [await topicOf(id), `user:${owner.id}`];
    const memberFeed = await listen(await as(member), topics[0]!);
    const ownerFeed = await listen(await as(owner), topics[1]!);
    const ownerSb = await as(owner);
    const token = await owner.token();
    for (const topic of topics) {
      const mine = await listen(ownerSb, topic, true);
      const forged = {
        type: 'broadcast' as const,
        event: 'INSERT',
        payload: { table: 'shopping', record: { name: 'x' } },
      };
      expect(await mine.channel.send(forged, { timeout: 1500 } as never)).toBe('timed out');
      const rest = await fetch(
        `${stack.url}/realtime/v1/api/broadcast/${encodeURIComponent(topic)}/events/INSERT?private=true`,
        {
          method: 'POST',
          headers: {
            apikey: stack.anonKey,
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
          },
          body: '{}',
        },
      );
      expect(rest.status).toBe(403);
    }
    await settle();
    expect(memberFeed.heard).toEqual([]);
    expect(ownerFeed.heard).toEqual([]);
  });

  it('tells every signed-in person of a price import on the prices topic, which no client may send to', async () => {
    const shopper = await createUser(stack, 'shopper');
    const sb = await as(shopper);
    const feed = await listen(sb, 'prices');
    await stack.ctx.db.query(
      `insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
       values (repeat('b', 64), array['feed.json'], array['sample'], 3, 'live test')`,
    );
    await settle();
    expect(feed.heard.map((h) => `${h.event} ${h.payload.table}`)).toEqual(['INSERT price_imports']);
    const mine = await listen(await as(shopper), 'prices', true);
    const forged = { type: 'broadcast' as const, event: 'INSERT', payload: { table: 'price_imports' } };
    expect(await mine.channel.send(forged, { timeout: 1500 } as never)).toBe('timed out');
    await settle();
    expect(feed.heard).toHaveLength(1);
  });

  it("cannot join another person's or household's topic by guessing its name", async () => {
    const [me, them] = await Promise.all([createUser(stack, 'me'), createUser(stack, 'them')]);
    const theirs = await household(them);
    await household(me);
    const sb = await as(me);
    const guesses = [
      `user:${them.id}`,
      `user:${randomUUID()}`,
      `household:${theirs}`,
      ...[0, 1, 2, 3].map((g) => `household:${theirs}:${g}`),
    ];
    for (const topic of guesses) {
      expect(await refused(sb.channel(topic, { config: { private: true } }))).toMatch(/^Unauthorized: /);
    }
  });
});
