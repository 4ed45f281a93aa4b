import pg from 'pg';
import type { ListenEvents } from './types.ts';

interface Subscription {
  onPayload: (payload: string) => void;
  events: ListenEvents | undefined;
}

/** First retry after a lost connection; doubles up to MAX_RETRY_MS while PostgreSQL stays away. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2000;

const quote = (channel: string) => pg.escapeIdentifier(channel);

/**
 * The one connection that LISTENs for every channel of the stack. A pooled connection cannot
 * hold a LISTEN, and a dropped one (PostgreSQL restarted) would otherwise leave every listener
 * deaf for good: this one reconnects with backoff, LISTENs every channel again, and tells each
 * listener when notifications stopped and started again, since those in between are lost.
 */
export class Listener {
  readonly #subs = new Map<string, Set<Subscription>>();
  #client: pg.Client | undefined;
  /** The LISTEN of each channel on #client, done or in flight: a new connection starts with none. */
  #listening = new Map<string, Promise<unknown>>();
  #connecting: Promise<pg.Client> | undefined;
  #down = false;
  #retries = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly warn: (line: string) => void,
  ) {}

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>> {
    const sub: Subscription = { onPayload, events };
    const set = this.#subs.get(channel) ?? new Set();
    this.#subs.set(channel, set);
    set.add(sub);
    // While down, the reconnection LISTENs every channel, this one included.
    if (!this.#down) {
      try {
        await this.#listenAll(this.#client ?? (await this.#connect()));
      } catch (error) {
        this.#forget(channel, sub);
        throw error;
      }
    }
    return async () => {
      this.#forget(channel, sub);
      const client = this.#client;
      if (!this.#subs.has(channel) && client && this.#listening.delete(channel)) {
        await client.query(`unlisten ${quote(channel)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #forget(channel: string, sub: Subscription): void {
    const set = this.#subs.get(channel);
    set?.delete(sub);
    if (set?.size === 0) this.#subs.delete(channel);
  }

  #connect(): Promise<pg.Client> {
    this.#connecting ??= (async () => {
      const client = new pg.Client({ ...this.config, keepAlive: true });
      // Without these, a dropped connection is an unhandled 'error' event: the process exits.
      client.on('error', (error) => this.#lost(client, error));
      client.on('end', () => this.#lost(client, new Error('Connection terminated')));
      client.on('notification', (msg) => {
        for (const sub of this.#subs.get(msg.channel) ?? []) sub.onPayload(msg.payload ?? '');
      });
      await client.connect();
      if (this.#closed) {
        await client.end();
        throw new Error('the listener is closed');
      }
      this.#client = client;
      this.#listening = new Map();
      try {
        await this.#listenAll(client);
      } catch (error) {
        this.#lost(client, error as Error);
        throw error;
      }
      return client;
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** Resolves once every channel is LISTENed on `client`, sending LISTEN only for new ones. */
  async #listenAll(client: pg.Client): Promise<void> {
    for (const channel of this.#subs.keys()) {
      if (!this.#listening.has(channel))
        this.#listening.set(channel, client.query(`listen ${quote(channel)}`));
    }
    await Promise.all(this.#listening.values());
  }

  #lost(client: pg.Client, error: Error): void {
    if (client !== this.#client) return;
    this.#client = undefined;
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    if (!this.#down) {
      this.#down = true;
      this.warn(`LISTEN connection lost (${error.message}); reconnecting`);
      for (const sub of this.#allSubs()) sub.events?.onLost?.(error);
    }
    this.#retry();
  }

  #retry(): void {
    if (this.#timer || this.#closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#retries++);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#connect().then(
        () => this.#restored(),
        () => this.#retry(),
      );
    }, delay);
    this.#timer.unref();
  }

  #restored(): void {
    if (!this.#down || !this.#client) return;
    this.#down = false;
    this.#retries = 0;
    this.warn('LISTEN connection restored');
    for (const sub of this.#allSubs()) sub.events?.onRestored?.();
  }

  #allSubs(): Subscription[] {
    return [...this.#subs.values()].flatMap((set) => [...set]);
  }
}
