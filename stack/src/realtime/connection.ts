import type { WebSocket } from 'ws';
import { connectionFault } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { Channel, type ChannelDeps, type Reply } from './channel.ts';
import { DATABASE_UNAVAILABLE } from './feed.ts';
import {
  decodeFrame,
  encodeBinaryBroadcast,
  encodeFrame,
  type Frame,
  FrameError,
  type Vsn,
} from './protocol.ts';

export type ConnectionDeps = Omit<
  ChannelDeps,
  'send' | 'sendBinaryBroadcast' | 'sendUserBroadcast' | 'onClosed'
> & {
  log: Logger;
};

/**
 * One client WebSocket: Phoenix's socket layer (heartbeat, join/leave, routing by topic) over
 * the channels it has joined. Frames are handled in arrival order, one at a time, so a message
 * sent right after a join sees the joined channel.
 */
export class Connection {
  private readonly channels = new Map<string, Channel>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly socketToken: string,
    private readonly deps: ConnectionDeps,
  ) {
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      this.chain = this.chain
        .then(() => this.receive(buffer, isBinary))
        .catch((error) => this.deps.log.error('[realtime] message', error));
    });
    ws.on('close', () => {
      for (const channel of [...this.channels.values()]) channel.close();
    });
    ws.on('error', () => undefined);
  }

  private send(
    joinRef: string | null,
    ref: string | null,
    topic: string,
    event: string,
    payload: unknown,
  ): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeFrame({ joinRef, ref, topic, event, payload }, this.vsn));
  }

  private reply(frame: Frame, reply: Reply): void {
    this.send(frame.joinRef, frame.ref, frame.topic, 'phx_reply', reply);
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    let frame: Frame;
    try {
      frame = decodeFrame(data, isBinary, this.vsn);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      // Phoenix would drop the socket; answering and carrying on keeps the client's other
      // channels alive. No channel has the topic "phoenix", so realtime-js ignores it.
      this.send(null, null, 'phoenix', 'phx_error', { reason: `malformed message: ${error.message}` });
      return;
    }
    const payload = frame.payload as Record<string, unknown>;
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      this.reply(frame, { status: 'ok', response: {} });
      return;
    }
    if (frame.event === 'phx_join') {
      await this.join(frame, payload);
      return;
    }
    const channel = this.channels.get(frame.topic);
    if (!channel || (frame.joinRef && channel.joinRef && frame.joinRef !== channel.joinRef)) {
      this.reply(frame, { status: 'error', response: { reason: 'unmatched topic' } });
      return;
    }
    if (frame.event === 'phx_leave') {
      this.reply(frame, { status: 'ok', response: {} });
      channel.close();
      return;
    }
    const reply = await channel.handle(frame.event, payload);
    if (reply && frame.ref) this.reply(frame, reply);
  }

  private async join(frame: Frame, payload: Record<string, unknown>): Promise<void> {
    if (!frame.topic.startsWith('realtime:')) {
      this.reply(frame, { status: 'error', response: { reason: 'unmatched topic' } });
      return;
    }
    if (frame.topic === 'realtime:') {
      this.reply(frame, {
        status: 'error',
        response: { reason: 'TopicNameRequired: You must provide a topic name' },
      });
      return;
    }
    // A second join of the same topic replaces the first, as in Phoenix.
    const existing = this.channels.get(frame.topic);
    if (existing) {
      this.send(existing.joinRef, existing.joinRef, existing.topic, 'phx_close', {});
      existing.close();
    }
    const channel = new Channel(frame.topic, frame.joinRef ?? frame.ref, {
      ...this.deps,
      send: (...args) => this.send(...args),
      sendBinaryBroadcast: (topic, event, body) => {
        if (this.ws.readyState !== this.ws.OPEN) return;
        // 1.0.0 has no binary frames: the bytes go as base64 text.
        if (this.vsn === '2.0.0') this.ws.send(encodeBinaryBroadcast(topic, event, body));
        else
          this.send(null, null, topic, 'broadcast', {
            type: 'broadcast',
            event,
            payload: body.toString('base64'),
          });
      },
      sendUserBroadcast: (message) => {
        if (this.ws.readyState === this.ws.OPEN) this.ws.send(message.frame(this.vsn));
      },
      onClosed: (closed) => {
        if (this.channels.get(closed.topic) === closed) this.channels.delete(closed.topic);
      },
    });
    this.channels.set(frame.topic, channel);
    let result: Awaited<ReturnType<Channel['join']>>;
    try {
      result = await channel.join(payload, this.socketToken);
    } catch (error) {
      // While the database is away, joins with postgres_changes fail as on Supabase; realtime-js
      // retries them with backoff until they succeed.
      const unreachable = connectionFault(error) !== undefined;
      if (!unreachable) this.deps.log.error('[realtime] join', error);
      const reason = unreachable
        ? `UnableToConnectToProject: ${DATABASE_UNAVAILABLE}`
        : 'UnknownErrorOnChannel: Unknown Error on Channel';
      result = { reply: { status: 'error', response: { reason } } };
    }
    this.reply(frame, result.reply);
    if (result.reply.status === 'ok') result.after?.();
    else channel.close();
  }

  /** Closes the socket (server stopping): the client's channels error and it reconnects. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === this.ws.CLOSED) return resolve();
      const force = setTimeout(() => this.ws.terminate(), 500);
      this.ws.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      this.ws.close(1001, 'server shutting down');
    });
  }
}
