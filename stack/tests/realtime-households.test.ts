/**
 * Issue 17: a change to a household's shared lists reaches every member of the household and
 * no one else, whatever filter a stranger subscribes with; leaving stops the feed.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser, settle, subscribe, type TestUser, waitFor } from './realtime-support.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

type Row = Record<string, unknown>;

describe.each(testDatabases)('household realtime on %s', (database) => {
  let stack: TestStack;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let household: string;
  const clients: SupabaseClient[] = [];

  /** supabase-js signed in as `user`, for REST and Realtime alike. */
  const as = async (user: TestUser) => {
    const token = await user.token();
    const sb = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as never },
    });
    await sb.realtime.setAuth(token);
    clients.push(sb);
    return sb;
  };
  /** Every shopping change `sb` is sent, by item name. */
  const listen = async (sb: SupabaseClient, filter?: string) => {
    const names: string[] = [];
    const channel = sb
      .channel(`shopping-${randomUUID()}`)
      .on(
        'postgres_changes' as never,
        { event: '*', schema: 'public', table: 'shopping', ...(filter ? { filter } : {}) },
        (p: { new: Row; eventType: string }) => names.push(`${p.eventType} ${String(p.new?.name ?? '')}`),
      );
    await subscribe(channel);
    return { names, channel };
  };

  beforeAll(async () => {
    stack = await startTestStack({ database });
    owner = await createUser(stack, 'owner');
    member = await createUser(stack, 'member');
    stranger = await createUser(stack, 'stranger');
    const ownerDb = await as(owner);
    const invited = await ownerDb.rpc('create_household_invitation', {});
    expect(invited.error).toBeNull();
    const memberDb = await as(member);
    const accepted = await memberDb.rpc('accept_household_invitation', {
      token: (invited.data as { token: string }).token,
    });
    expect(accepted.error).toBeNull();
    household = accepted.data as string;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it('sends a change to both members and not to a stranger, filtered or not', async () => {
    const ownerFeed = await listen(await as(owner), `household_id=eq.${household}`);
    const memberFeed = await listen(await as(member), `household_id=eq.${household}`);
    const snoopFiltered = await listen(await as(stranger), `household_id=eq.${household}`);
    const snoopAll = await listen(await as(stranger));

    const memberDb = await as(member);
    const added = await memberDb
      .from('shopping')
      .insert({ name: 'Oat milk' })
      .select('id, household_id')
      .single();
    expect(added.error).toBeNull();
    expect(added.data!.household_id).toBe(household);
    await waitFor(() => ownerFeed.names.includes('INSERT Oat milk'), 10_000, 'the owner to hear the insert');
    await waitFor(() => memberFeed.names.includes('INSERT Oat milk'), 10_000, 'the member to hear it too');

    const ownerDb = await as(owner);
    expect(
      (await ownerDb.from('shopping').update({ checked: true }).eq('id', added.data!.id)).error,
    ).toBeNull();
    await waitFor(() => memberFeed.names.includes('UPDATE Oat milk'), 10_000, 'the member to see the tick');

    await settle();
    expect(snoopFiltered.names).toEqual([]);
    expect(snoopAll.names).toEqual([]);
  });

  it('stops sending to someone who left the household', async () => {
    const memberSb = await as(member);
    const memberFeed = await listen(memberSb, `household_id=eq.${household}`);
    expect((await memberSb.rpc('leave_household', { household })).error).toBeNull();
    const ownerDb = await as(owner);
    expect((await ownerDb.from('shopping').insert({ name: 'Bread' })).error).toBeNull();
    const ownerFeed = await listen(await as(owner), `household_id=eq.${household}`);
    expect((await ownerDb.from('shopping').insert({ name: 'Eggs' })).error).toBeNull();
    await waitFor(() => ownerFeed.names.includes('INSERT Eggs'), 10_000, 'the owner to hear the insert');
    await settle();
    expect(memberFeed.names.filter((n) => n.includes('Bread') || n.includes('Eggs'))).toEqual([]);
  });
});
