import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Change, connection, mergeChange, setReloadForTests, watchChannelStatus } from './realtime.ts';
import { RECONNECT_MAX_MS, reconnectAfterMs } from './reconnect.ts';

type Row = { id: string; name: string };
const key = (r: Partial<Row>) => String(r.id);

describe('mergeChange', () => {
  const list: Row[] = [
    { id: '1', name: 'one' },
    { id: '2', name: 'two' },
  ];
  it('appends inserts, replaces updates in place, drops deletes', () => {
    expect(
      mergeChange(list, { eventType: 'INSERT', new: { id: '3', name: 'three' } } as Change<Row>, key),
    ).toHaveLength(3);
    expect(
      mergeChange(list, { eventType: 'UPDATE', new: { id: '1', name: 'uno' } } as Change<Row>, key),
    ).toEqual([
      { id: '1', name: 'uno' },
      { id: '2', name: 'two' },
    ]);
    expect(mergeChange(list, { eventType: 'DELETE', old: { id: '2' } } as Change<Row>, key)).toEqual([
      list[0],
    ]);
  });
  it('treats an insert of a row already present (our own write echoed back) as an update', () => {
    expect(
      mergeChange(list, { eventType: 'INSERT', new: { id: '2', name: 'two' } } as Change<Row>, key),
    ).toHaveLength(2);
  });
});

describe('connection loss (spec 4)', () => {
  afterEach(() => {
    connection.refreshing = false;
    vi.useRealTimers();
  });
  const channel = {} as RealtimeChannel;

  it('reloads behind the spinner when a joined channel errors while online', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    setReloadForTests(reload);
    const joined = { value: false };
    watchChannelStatus(channel, joined, 'SUBSCRIBED');
    watchChannelStatus(channel, joined, 'CHANNEL_ERROR');
    expect(connection.refreshing).toBe(true);
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when a joined channel closes', () => {
    const joined = { value: true };
    watchChannelStatus(channel, joined, 'CLOSED');
    expect(connection.refreshing).toBe(true);
  });

  it('does not reload while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    watchChannelStatus(channel, { value: true }, 'CLOSED');
    expect(connection.refreshing).toBe(false);
    vi.restoreAllMocks();
  });

  it('does not reload for a channel that never joined', () => {
    watchChannelStatus(channel, { value: false }, 'CHANNEL_ERROR');
    expect(connection.refreshing).toBe(false);
  });
});

describe('recovery after an outage (issue 15: 10)', () => {
  afterEach(() => {
    connection.refreshing = false;
  });
  const channel = {} as RealtimeChannel;

  it('tries to reconnect within 1.5 s at every attempt of the first minutes, not 10 s', () => {
    const waits = Array.from({ length: 100 }, (_, i) => reconnectAfterMs(i + 1));
    expect(Math.max(...waits)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    // Backing off, not hammering: the first attempts are quick, then they settle at the cap.
    expect(reconnectAfterMs(1, () => 0)).toBeGreaterThanOrEqual(200);
    expect(reconnectAfterMs(10, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectAfterMs(1000)).toBeGreaterThan(RECONNECT_MAX_MS);
  });

  it('fetches the data again when a channel that lost its feed joins again', () => {
    const resync = vi.fn();
    // A page loaded during the outage: its channels error before ever joining, and must not reload.
    const joined = { value: false };
    watchChannelStatus(channel, joined, 'CHANNEL_ERROR', resync);
    watchChannelStatus(channel, joined, 'TIMED_OUT', resync);
    expect(connection.refreshing).toBe(false);
    expect(resync).not.toHaveBeenCalled();
    watchChannelStatus(channel, joined, 'SUBSCRIBED', resync);
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('does not fetch again on the first join, when the screens load their own data', () => {
    const resync = vi.fn();
    watchChannelStatus(channel, { value: false }, 'SUBSCRIBED', resync);
    expect(resync).not.toHaveBeenCalled();
  });
});
