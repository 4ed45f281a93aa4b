import { randomUUID } from 'node:crypto';
import { connectionFault, type Db, type JwtClaims } from '../db/index.ts';
import { AuthorizationError, checkRead, checkWrite, type Extension, type Policies } from './authorization.ts';
import { type BindingParams, bindingId, subscribe } from './bindings.ts';
import { type ChangeFeed, type ChangeSink, type PgSubscription, SUBSCRIBED } from './feed.ts';
import { payloadTooLarge } from './limits.ts';
import { RawJson, type UserBroadcast } from './protocol.ts';
import { checkToken, type TokenVerifier } from './tokens.ts';
import { type TopicMember, type Topics, topicKey } from './topics.ts';

/** What a channel needs from the realtime API and its socket. */
export interface ChannelDeps {
  db: Db;
  secret: TokenVerifier;
  feed: ChangeFeed;
  topics: Topics;
  /** Sends a frame on the channel's socket. */
  send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void;
  sendBinaryBroadcast(topic: string, event: string, payload: Buffer): void;
  sendUserBroadcast(message: UserBroadcast): void;
  /** Called once when the channel ends, whatever the reason. */
  onClosed(channel: Channel): void;
}

export interface Reply {
  status: 'ok' | 'error';
  /** A map, or the bare reason Realtime's handlers reply with (e.g. `payload_size_exceeded`). */
  response: Record<string, unknown> | string;
}

/** Supabase re-checks a channel's token at least this often (and exactly at its expiry). */
const CONFIRM_TOKEN_MS = 5 * 60_000;

/** Hosted Realtime's words when the database cannot answer a policy check. */
const DATABASE_UNAVAILABLE = 'Realtime was unable to connect to the project database';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** One joined `realtime:<name>` channel of one socket. */
export class Channel implements ChangeSink, TopicMember {
  claims: JwtClaims = { role: 'anon' };
  claimsJson = '{"role":"anon"}';
  private token = '';
  private expiryTimer?: NodeJS.Timeout;
  private subs: PgSubscription[] = [];
  private bindings: BindingParams[] = [];
  private selfBroadcast = false;
  private ackBroadcast = false;
  private presenceKey = '';
  private presenceEnabled = false;
  private closed = false;
  /** A private channel's policies on realtime.messages; null on a public channel. */
  private policies: Policies | null = null;
  readonly subTopic: string;
  /** Public until a join says `private: true`: the two never share broadcast or presence. */
  topicKey: string;

  constructor(
    readonly topic: string,
    readonly joinRef: string | null,
    private readonly deps: ChannelDeps,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
    this.topicKey = topic;
  }

  /** Validates the join; on success the channel is live and `after` sends what follows the reply. */
  async join(
    payload: Record<string, unknown>,
    socketToken: string,
  ): Promise<{ reply: Reply; after?: () => void }> {
    const config = isObject(payload.config) ? payload.config : {};
    const token = payload.access_token ?? payload.user_token ?? socketToken;
    const check = await checkToken(this.deps.secret, token);
    if (!check.ok)
      return { reply: { status: 'error', response: { reason: `${check.code}: ${check.message}` } } };
    const presence = isObject(config.presence) ? config.presence : {};
    this.presenceEnabled = presence.enabled === true;
    // A private channel needs the select policy on realtime.messages to let this user read
    // broadcasts or presence on the topic (the service role bypasses the policies).
    if (config.private === true) {
      try {
        this.policies = await checkRead(this.deps.db, check.claims, this.subTopic, this.extensions(), {
          broadcast: {},
          presence: {},
        });
      } catch (error) {
        if (!(error instanceof AuthorizationError)) throw error;
        return { reply: { status: 'error', response: { reason: error.message } } };
      }
      if (!this.policies.broadcast.read && !this.policies.presence.read) {
        const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${this.subTopic}`;
        return { reply: { status: 'error', response: { reason } } };
      }
    }
    this.claims = check.claims;
    this.claimsJson = JSON.stringify(check.claims);
    this.token = token as string;
    this.scheduleConfirm(check.exp);
    this.topicKey = topicKey(this.topic, config.private === true);

    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    this.selfBroadcast = broadcast.self === true;
    this.ackBroadcast = broadcast.ack === true;
    this.presenceKey = typeof presence.key === 'string' && presence.key ? presence.key : randomUUID();

    const list = (Array.isArray(config.postgres_changes) ? config.postgres_changes : []).filter(
      isObject,
    ) as BindingParams[];
    this.bindings = list;
    const result = list.length ? await subscribe(this.deps.db, this.claims.role, list, this) : { subs: [] };
    if (this.closed) return { reply: { status: 'error', response: { reason: 'channel closed' } } };
    if ('subs' in result) {
      this.subs = result.subs;
      this.deps.feed.add(this.subs);
    }
    this.deps.topics.join(this);

    const after = () => {
      if (this.presenceEnabled) this.push('presence_state', this.deps.topics.state(this.topicKey));
      if (list.length === 0) return;
      if ('error' in result) this.system('postgres_changes', 'error', result.error);
      else this.system('postgres_changes', 'ok', SUBSCRIBED);
    };
    const postgres_changes = list.map((params) => ({ ...params, id: bindingId(params) }));
    return { reply: { status: 'ok', response: { postgres_changes } }, after };
  }

  /** A message the client pushed on this channel; resolves to a reply, or nothing to send. */
  async handle(event: string, payload: Record<string, unknown>): Promise<Reply | undefined> {
    switch (event) {
      case 'access_token':
        await this.refreshToken(payload.access_token);
        return undefined;
      case 'broadcast':
        // A private channel sends only what the insert policy allows; otherwise nothing, and
        // no reply even to an acked send (as Realtime's BroadcastHandler).
        if (!(await this.mayWrite('broadcast'))) return undefined;
        // As Realtime: a message over the size limit reaches no one; only an acked send hears why.
        if (payloadTooLarge(payload)) {
          return this.ackBroadcast ? { status: 'error', response: 'payload_size_exceeded' } : undefined;
        }
        this.deps.topics.broadcast(this, this.topicKey, payload, this.selfBroadcast);
        return this.ackBroadcast ? { status: 'ok', response: {} } : undefined;
      case 'presence':
        return this.presence(payload);
      default:
        // Supabase ignores messages it does not know (and only logs them).
        return undefined;
    }
  }

  private async presence(payload: Record<string, unknown>): Promise<Reply | undefined> {
    if (payload.event === 'track') {
      if (!(await this.mayWrite('presence'))) return undefined;
      if (!isObject(payload.payload)) {
        return { status: 'error', response: { reason: 'Presence track payload must be a map' } };
      }
      if (payloadTooLarge(payload.payload)) {
        this.shutdown('Track message size exceeded');
        return undefined;
      }
      this.presenceEnabled = true;
      this.deps.topics.track(this, this.presenceKey, payload.payload);
    } else if (payload.event === 'untrack') {
      this.deps.topics.untrack(this);
    }
    return { status: 'ok', response: {} };
  }

  private async refreshToken(token: unknown): Promise<void> {
    // As Supabase: publishable keys, the same token and null are no-ops.
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.token) return;
    const check = await checkToken(this.deps.secret, token);
    if (this.closed) return;
    if (!check.ok) {
      this.shutdown(check.message);
      return;
    }
    if (this.policies && !(await this.reauthorize(check.claims))) return;
    const roleChanged = check.claims.role !== this.claims.role;
    this.token = token;
    this.claims = check.claims;
    this.claimsJson = JSON.stringify(check.claims);
    this.scheduleConfirm(check.exp);
    // Column privileges and policies differ per role (e.g. anon → authenticated on sign-in):
    // subscribe again as the new role, as Supabase re-subscribes with the refreshed claims.
    if (roleChanged && this.bindings.length > 0) await this.resubscribe();
  }

  /** The extensions whose read policy a join checks (presence only when the join enables it). */
  private extensions(): Extension[] {
    return this.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
  }

  /** Whether broadcasts on this channel reach the client (see TopicMember). */
  get readsBroadcast(): boolean {
    return this.policies === null || this.policies.broadcast.read === true;
  }

  /** A public channel may always send; a private one as its insert policy says, asked once. */
  private async mayWrite(extension: Extension): Promise<boolean> {
    const policies = this.policies;
    if (policies === null) return true;
    if (policies[extension].write === undefined) {
      try {
        policies[extension].write = await checkWrite(this.deps.db, this.claims, this.subTopic, extension);
      } catch (error) {
        if (!(error instanceof AuthorizationError) && !connectionFault(error)) throw error;
        return false;
      }
    }
    return policies[extension].write === true;
  }

  /**
   * A new access token re-evaluates a private channel's read policies with the new claims (as
   * Realtime's access_token handler): the channel ends if the user may no longer read it.
   */
  private async reauthorize(claims: JwtClaims): Promise<boolean> {
    const previous = this.policies!;
    let next: Policies;
    try {
      next = await checkRead(this.deps.db, claims, this.subTopic, this.extensions(), {
        broadcast: {},
        presence: {},
      });
    } catch (error) {
      if (!(error instanceof AuthorizationError) && !connectionFault(error)) throw error;
      if (!this.closed) this.shutdown(DATABASE_UNAVAILABLE);
      return false;
    }
    if (this.closed) return false;
    if (!next.broadcast.read && !next.presence.read) {
      this.shutdown(`You do not have permissions to read from this Channel topic: ${this.subTopic}`);
      return false;
    }
    if (
      (previous.broadcast.read && !next.broadcast.read) ||
      (previous.presence.read && !next.presence.read)
    ) {
      this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      return false;
    }
    this.policies = next;
    return true;
  }

  private async resubscribe(): Promise<void> {
    const result = await subscribe(this.deps.db, this.claims.role, this.bindings, this);
    if (this.closed) return;
    this.deps.feed.remove(this.subs);
    this.subs = 'subs' in result ? result.subs : [];
    this.deps.feed.add(this.subs);
    if ('error' in result) this.system('postgres_changes', 'error', result.error);
    else this.system('postgres_changes', 'ok', SUBSCRIBED);
  }

  private scheduleConfirm(exp: number): void {
    clearTimeout(this.expiryTimer);
    const left = exp * 1000 - Date.now();
    this.expiryTimer = setTimeout(
      () => void this.confirmToken(),
      Math.max(0, Math.min(CONFIRM_TOKEN_MS, left)),
    );
    this.expiryTimer.unref();
  }

  private async confirmToken(): Promise<void> {
    const check = await checkToken(this.deps.secret, this.token);
    if (this.closed) return;
    if (check.ok) this.scheduleConfirm(check.exp);
    else this.shutdown(check.message);
  }

  deliver(ids: number[], data: string): void {
    if (!this.closed)
      this.deps.send(
        null,
        null,
        this.topic,
        'postgres_changes',
        new RawJson(`{"ids":${JSON.stringify(ids)},"data":${data}}`),
      );
  }

  notice(status: 'ok' | 'error', message: string): void {
    this.system('postgres_changes', status, message);
  }

  push(event: string, payload: unknown): void {
    if (this.closed) return;
    const joinRef = event === 'broadcast' ? null : this.joinRef;
    this.deps.send(joinRef, null, this.topic, event, payload);
  }

  pushBinaryBroadcast(event: string, payload: Buffer): void {
    if (!this.closed) this.deps.sendBinaryBroadcast(this.topic, event, payload);
  }

  pushUserBroadcast(message: UserBroadcast): void {
    if (!this.closed) this.deps.sendUserBroadcast(message);
  }

  private system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** Ends the channel from the server side, as Supabase does: a system error, then phx_close. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.system('system', 'error', message);
    this.deps.send(this.joinRef, this.joinRef, this.topic, 'phx_close', {});
    this.close();
  }

  /** Frees the channel's subscriptions, presence and timers. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.deps.feed.remove(this.subs);
    this.deps.topics.leave(this);
    this.deps.onClosed(this);
  }
}
