import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { proxy } from 'valtio';
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

/**
 * Realtime's `system` messages about a channel's database feed: an error means changes may have
 * been missed (the database went away under a joined channel), and the 'ok' that follows once
 * the feed is back calls `resync` to fetch what was missed. So does the first 'ok': a change
 * made between the screen's first fetch and the feed going live would otherwise never show
 * (a household's lists open their channels only once the profile says which household).
 */
export function watchFeed(
  joined: ChannelLink,
  message: { extension?: string; status?: string },
  resync?: () => void,
): void {
  if (message.extension !== undefined && message.extension !== 'postgres_changes') return;
  if (message.status === 'error') joined.lost = true;
  else if (message.status === 'ok') {
    const first = !joined.fed;
    joined.fed = true;
    if (first || (joined.lost && joined.value)) {
      joined.lost = false;
      resync?.();
    }
  }
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

/**
 * One channel per table, listening to every postgres change the user may see (RLS decides on
 * the server; the filter narrows to the rows of `key`, by default the user's own by user_id;
 * household tables pass `household_id=eq.<id>`).
 * `resync` fetches the table's data again after the feed was lost and came back (see
 * watchChannelStatus). Returns the unsubscribe, which closes the channel without triggering a
 * reload.
 */
export function subscribeTable<T extends Record<string, unknown>>(
  table: string,
  key: string,
  onChange: (change: Change<T>) => void,
  options: { filter?: string | null; resync?: () => void } = {},
): () => void {
  const filter = options.filter === undefined ? `user_id=eq.${key}` : options.filter;
  const channel = supabase.channel(`${table}:${key}`);
  const joined: ChannelLink = { value: false };
  channel
    .on('system', {}, (message: { extension?: string; status?: string }) =>
      watchFeed(joined, message, options.resync),
    )
    .on(
      'postgres_changes',
      {
        event: '*',
        schema: 'public',
        table,
        ...(filter ? { filter } : {}),
      },
      (payload: Change<T>) => onChange(payload),
    )
    .subscribe((status) => watchChannelStatus(channel, joined, status, options.resync));
  return () => {
    closingOnPurpose.add(channel);
    void supabase.removeChannel(channel);
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
