import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { payloadTooLarge } from './limits.ts';
import { UserBroadcast } from './protocol.ts';
import { type Topics, topicKey } from './topics.ts';

/** A message as the bootstrap's trigger on realtime.messages sends it. */
interface Message {
  id: string;
  topic: string;
  event: string;
  private: boolean;
  payload: unknown;
  /** base64 of binary_payload (realtime.send_binary). */
  binary: string | null;
}

export const MESSAGES_CHANNEL = 'realtime_messages';

/** How often the day partitions of realtime.messages are brought up to date. */
const PARTITIONS_EVERY_MS = 60 * 60_000;

/**
 * Broadcast from Database: every committed insert into `realtime.messages` goes to the
 * subscribers of its topic (private or public, as the row says), as hosted Realtime sends what it
 * reads from the WAL. The message is encoded once per serializer and costs no query, whatever
 * the number of subscribers (one read when it was too big for a notification). Also keeps the
 * table's day partitions, as hosted Realtime does.
 */
export class BroadcastFeed {
  private chain: Promise<void> = Promise.resolve();
  private unlisten?: () => Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly topics: Topics,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.partitions();
    this.timer = setInterval(() => void this.partitions(), PARTITIONS_EVERY_MS);
    this.timer.unref();
    this.unlisten = await this.db.listen(MESSAGES_CHANNEL, (payload) => {
      this.chain = this.chain
        .then(() => this.handle(payload))
        .catch((e) => this.log.error('[realtime] broadcast from database', e));
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
    await this.chain;
  }

  private async partitions(): Promise<void> {
    try {
      await this.db.query('select _stack.realtime_partitions()');
    } catch (error) {
      this.log.warn(
        `[realtime] could not keep the partitions of realtime.messages: ${(error as Error).message}`,
      );
    }
  }

  private async read(payload: string): Promise<Message | undefined> {
    if (!payload.startsWith('#')) return JSON.parse(payload) as Message;
    const [, id, insertedAt] = payload.split('#');
    const { rows } = await this.db.query<{ m: string }>(
      `select jsonb_build_object('id', id, 'topic', topic, 'event', event, 'private', coalesce(private, false),
         'payload', payload, 'binary', encode(binary_payload, 'base64'))::text as m
       from realtime.messages where id = $1 and inserted_at = $2`,
      [id, insertedAt],
    );
    return rows[0] ? (JSON.parse(rows[0].m) as Message) : undefined;
  }

  private async handle(payload: string): Promise<void> {
    const message = await this.read(payload);
    if (!message) return;
    const body = message.binary === null ? message.payload : Buffer.from(message.binary, 'base64');
    // Hosted Realtime drops a message over the tenant's payload limit.
    if (payloadTooLarge({ payload: body })) return;
    const broadcast = new UserBroadcast(`realtime:${message.topic}`, message.event, body, { id: message.id });
    this.topics.deliver(topicKey(broadcast.topic, message.private), broadcast);
  }
}
