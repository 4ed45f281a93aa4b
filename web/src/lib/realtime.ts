import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { proxy } from 'valtio';
import { firstJoins } from './first-joins.ts';
import { supabase } from './supabase.ts';

/** Spec 9: how often every channel is checked for having closed. */
export const CLOSED_CHANNEL_CHECK_MS = 10_000;

/** Spec 2: while this is true the app shows the full-screen 'Refreshing...' spinner. */
export const connection = proxy({ refreshing: false });

/** Long enough for people (and tests) to see why the page is about to go blank. */
const REFRESH_DELAY_MS = 600;

let reload: () => void = () => window.location.reload();

/** Tests replace the reload so they can observe it. */
export function setReloadForTests(fn: () => void): void {
  reload = fn;
}

export function refreshPage(): void {
  if (connection.refreshing) return;
  connection.refreshing = true;
  setTimeout(() => reload(), REFRESH_DELAY_MS);
}

const closingOnPurpose = new WeakSet<RealtimeChannel>();

/** Closes a channel the app no longer needs, without the reload a lost channel causes. */
function closeOnPurpose(channel: RealtimeChannel): void {
  closingOnPurpose.add(channel);
  void supabase.removeChannel(channel);
}

/** A channel's history: whether it ever joined, and whether it has lost its feed since. */
export interface ChannelLink {
  value: boolean;
  lost?: boolean;
  /** The database feed has been live at least once. */
  fed?: boolean;
}

/**
 * Spec 4: a channel that closes or errors while the browser is online reloads the page.
 * Only channels that were once joined count, so a server without realtime cannot cause a
 * reload loop; the periodic check below still catches channels that never came back.
 * A channel that lost its feed and joins again (the stack is back: a page loaded during the
 * outage has no data) calls `resync`, which fetches its data again.
 */
export function watchChannelStatus(
  channel: RealtimeChannel,
  joined: ChannelLink,
  status: string,
  resync?: () => void,
): void {
  if (status === 'SUBSCRIBED') {
    joined.value = true;
    if (joined.lost) {
      joined.lost = false;
      resync?.();
    }
    return;
  }
  if (closingOnPurpose.has(channel)) return;
  if (status === 'CLOSED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') joined.lost = true;
  if (!joined.value) return;
  if ((status === 'CLOSED' || status === 'CHANNEL_ERROR') && navigator.onLine) refreshPage();
}

/** Spec 4: reload when a check every 10 s finds every realtime channel closed. */
export function startClosedChannelCheck(): () => void {
  const timer = setInterval(() => {
    const channels = supabase.getChannels().filter((c) => !closingOnPurpose.has(c));
    if (channels.length > 0 && channels.every((c) => c.state === 'closed') && navigator.onLine) refreshPage();
  }, CLOSED_CHANNEL_CHECK_MS);
  return () => clearInterval(timer);
}

export type Change<T extends Record<string, unknown>> = RealtimePostgresChangesPayload<T>;

/** What one table contributes to a live topic: what a change does, and how to fetch it all again. */
export interface TopicTable {
  table: string;
  onChange(change: Change<Record<string, unknown>>): void;
  resync(): void;
}

/** A store's part of a topic, typed by its rows. */
export function topicTable<T extends Record<string, unknown>>(
  table: string,
  onChange: (change: Change<T>) => void,
  resync: () => void,
): TopicTable {
  return { table, onChange: onChange as TopicTable['onChange'], resync };
}

/** A row change as realtime.broadcast_changes() sends it. */
interface BroadcastChange {
  schema: string;
  table: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** The postgres_changes shape the stores merge, so their rules stay as they were. */
const asChange = (p: BroadcastChange) =>
  ({
    schema: p.schema,
    table: p.table,
    commit_timestamp: '',
    eventType: p.operation,
    new: p.record ?? {},
    old: p.old_record ?? {},
    errors: [],
  }) as unknown as Change<Record<string, unknown>>;

/**
 * Issue 26: one private channel for a topic (`user:<id>`, or a household's), over which the
 * database broadcasts every change of the topic's tables. Each change goes to the tables it
 * names. A broadcast channel is fed from the moment it joins, so its first join fetches every
 * table again (a change made between a screen's first fetch and the join would otherwise never
 * show: together with the other channels opening, `first-joins.ts`), and so does a join after
 * the channel was lost. Returns the unsubscribe, which closes the channel without triggering a
 * reload.
 */
export function subscribeTopic(topic: string, tables: readonly TopicTable[]): () => void {
  const channel = supabase.channel(topic, { config: { private: true } });
  const joined: ChannelLink = { value: false };
  const opening = firstJoins.opening();
  const resync = () => {
    for (const t of tables) t.resync();
  };
  channel
    .on('broadcast', { event: '*' }, ({ payload }: { payload: BroadcastChange }) => {
      for (const t of tables) if (t.table === payload?.table) t.onChange(asChange(payload));
    })
    .subscribe((status) => {
      if (status === 'SUBSCRIBED' && !joined.fed) {
        joined.fed = true;
        // A page loaded during an outage joins late: this first join's reads serve it too.
        joined.lost = false;
        firstJoins.joined(opening, tables);
      } else if (!joined.fed && status !== 'SUBSCRIBED') firstJoins.gone(opening);
      watchChannelStatus(channel, joined, status, resync);
    });
  return () => {
    firstJoins.gone(opening);
    closeOnPurpose(channel);
  };
}

/** How long to wait before asking again for a household's topic after a failed fetch. */
const TOPIC_RETRY_MS = 2_000;

/**
 * The household's topic moves to a new generation whenever someone leaves (so they hear
 * nothing after): its name is read from the household, and read again on every membership
 * change, moving the channel when it changed.
 */
export function subscribeHouseholdTopic(householdId: string, tables: readonly TopicTable[]): () => void {
  let topic: string | null = null;
  let close = () => {};
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // Looking up the topic is part of joining: the person's channel, opening alongside, waits.
  const lookingUp = firstJoins.opening();
  const follow = async () => {
    const { data, error } = await supabase
      .from('households')
      .select('realtime_topic')
      .eq('id', householdId)
      .maybeSingle();
    if (stopped) return;
    if (error) {
      firstJoins.gone(lookingUp);
      retry = setTimeout(() => void follow(), TOPIC_RETRY_MS);
      return;
    }
    if (!data || data.realtime_topic === topic) {
      firstJoins.gone(lookingUp);
      return;
    }
    close();
    topic = data.realtime_topic;
    close = subscribeTopic(topic, [
      ...tables,
      topicTable(
        'household_members',
        () => void follow(),
        () => {},
      ),
    ]);
    firstJoins.gone(lookingUp);
  };
  void follow();
  return () => {
    stopped = true;
    firstJoins.gone(lookingUp);
    clearTimeout(retry);
    close();
  };
}

/** Applies an insert/update/delete payload to a list keyed by `key`, keeping the list's order. */
export function mergeChange<T extends Record<string, unknown>>(
  list: readonly T[],
  change: Change<T>,
  key: (row: Partial<T>) => string,
): T[] {
  if (change.eventType === 'DELETE') {
    const gone = key(change.old);
    return list.filter((row) => key(row) !== gone);
  }
  const row = change.new as T;
  const id = key(row);
  const at = list.findIndex((r) => key(r) === id);
  if (at === -1) return [...list, row];
  const next = [...list];
  next[at] = { ...next[at], ...row } as T;
  return next;
}
