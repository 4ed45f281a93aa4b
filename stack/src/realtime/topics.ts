import { randomUUID } from 'node:crypto';
import type { UserBroadcast } from './protocol.ts';

/**
 * Where a channel's broadcast and presence meet: its topic, in the public or the private
 * namespace. As on Supabase, a private `room` and a public `room` never hear each other, so a
 * public join can never read or write what a private channel's authorisation guards.
 */
export const topicKey = (topic: string, isPrivate: boolean): string =>
  isPrivate ? `private:${topic}` : topic;

/** What the topic registry needs from a joined channel to fan out broadcast and presence. */
export interface TopicMember {
  /** topicKey() of the channel's topic. */
  readonly topicKey: string;
  /** Sends a server-initiated message (no ref) on the member's topic. */
  push(event: string, payload: unknown): void;
  pushBinaryBroadcast(event: string, payload: Buffer): void;
  pushUserBroadcast(message: UserBroadcast): void;
  /**
   * Whether broadcasts reach it: always on a public topic; on a private one only when the
   * `realtime.messages` select policy let it read broadcasts (a join may pass on presence alone).
   */
  readonly readsBroadcast: boolean;
}

interface Meta extends Record<string, unknown> {
  phx_ref: string;
}

interface Presence {
  key: string;
  meta: Meta;
}

const refFor = () => randomUUID().replaceAll('-', '').slice(0, 20);

/**
 * Channels by topic key, across sockets: broadcast goes to every member, presence is a map of
 * key → metas kept per member, diffs pushed as Phoenix.Presence does (`presence_state` after a
 * join, `presence_diff` {joins, leaves} on track, untrack and leave).
 */
export class Topics {
  private readonly members = new Map<string, Set<TopicMember>>();
  private readonly presences = new Map<TopicMember, Presence>();

  join(member: TopicMember): void {
    const set = this.members.get(member.topicKey) ?? new Set();
    this.members.set(member.topicKey, set);
    set.add(member);
  }

  leave(member: TopicMember): void {
    this.untrack(member);
    const set = this.members.get(member.topicKey);
    set?.delete(member);
    if (set?.size === 0) this.members.delete(member.topicKey);
  }

  broadcast(
    from: TopicMember | undefined,
    key: string,
    message: Record<string, unknown>,
    includeSelf: boolean,
  ): void {
    for (const member of this.members.get(key) ?? []) {
      if ((member === from && !includeSelf) || !member.readsBroadcast) continue;
      if (Buffer.isBuffer(message.payload)) {
        member.pushBinaryBroadcast(String(message.event), message.payload);
      } else member.push('broadcast', message);
    }
  }

  /** A broadcast from the database to every member of the topic that may read it. */
  deliver(key: string, message: UserBroadcast): void {
    for (const member of this.members.get(key) ?? []) {
      if (member.readsBroadcast) member.pushUserBroadcast(message);
    }
  }

  state(key: string): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const member of this.members.get(key) ?? []) {
      const p = this.presences.get(member);
      if (!p) continue;
      state[p.key] = { metas: [...(state[p.key]?.metas ?? []), p.meta] };
    }
    return state;
  }

  track(member: TopicMember, key: string, payload: Record<string, unknown>): void {
    const previous = this.presences.get(member);
    const meta: Meta = { ...payload, phx_ref: refFor() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    this.presences.set(member, { key, meta });
    const leaves = previous ? { [previous.key]: { metas: [previous.meta] } } : {};
    this.diff(member.topicKey, { joins: { [key]: { metas: [meta] } }, leaves });
  }

  untrack(member: TopicMember): void {
    const previous = this.presences.get(member);
    if (!previous) return;
    this.presences.delete(member);
    this.diff(member.topicKey, { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } });
  }

  private diff(key: string, diff: unknown): void {
    for (const member of this.members.get(key) ?? []) member.push('presence_diff', diff);
  }
}
