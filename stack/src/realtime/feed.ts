import { connectionFault, type Db, type JwtClaims } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { type Filter, passesFilters } from './filters.ts';
import { batchedStatement, type VisibilityCheck } from './policies.ts';
import type { TableInfo } from './tables.ts';

/** A change as the capture trigger (supabase/bootstrap/40-realtime-capture.sql) sends it. */
interface Change {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  /** Replica identity FULL: old_record holds the whole old row, not just its key. */
  identity_full: boolean;
}

/** Where a subscription's changes go: a joined channel. */
export interface ChangeSink {
  readonly claims: JwtClaims;
  /** The claims as JSON, kept by the sink so a change does not re-serialise them per subscriber. */
  readonly claimsJson: string;
  /** `data` is the change's JSON text, shared by every subscriber with the same columns. */
  deliver(ids: number[], data: string): void;
  /** A `system` message about the sink's postgres_changes (the feed stopped or resumed). */
  notice(status: 'ok' | 'error', message: string): void;
}

export interface PgSubscription {
  id: number;
  event: string;
  filters: Filter[];
  table: TableInfo;
  sink: ChangeSink;
}

export const CHANGES_CHANNEL = 'realtime_changes';

/** Supabase Realtime's words when it cannot reach the project's database, and when it can again. */
export const DATABASE_UNAVAILABLE = 'Realtime was unable to connect to the project database';
export const SUBSCRIBED = 'Subscribed to PostgreSQL';

interface Pending {
  check: VisibilityCheck;
  claims: string;
}

const pick = (row: Record<string, unknown> | null, keep: (name: string) => boolean) =>
  row ? Object.fromEntries(Object.entries(row).filter(([k]) => keep(k))) : row;

/**
 * Turns the database's change notifications into postgres_changes messages. Changes are handled
 * one at a time in commit order; each costs at most one query for row-level security, whatever
 * the number of subscribers (plus one to read a change too big for a notification).
 */
export class ChangeFeed {
  private readonly byTable = new Map<string, Set<PgSubscription>>();
  private chain: Promise<void> = Promise.resolve();
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.db.query('select realtime.sync_capture_triggers()');
    // Big changes queued while no stack was listening have no one to go to.
    await this.db.query('delete from realtime.change_queue');
    this.unlisten = await this.db.listen(
      CHANGES_CHANNEL,
      (payload) => {
        this.chain = this.chain
          .then(() => this.handle(payload))
          .catch((e) => this.log.error('[realtime] change', e));
      },
      // Changes made while the database connection was down were never notified: subscribers
      // hear of the gap (an error, then Supabase's "Subscribed" again) and can refetch.
      {
        onLost: () => this.noticeAll('error', DATABASE_UNAVAILABLE),
        onRestored: () => this.noticeAll('ok', SUBSCRIBED),
      },
    );
  }

  private noticeAll(status: 'ok' | 'error', message: string): void {
    const sinks = new Set([...this.byTable.values()].flatMap((subs) => [...subs].map((sub) => sub.sink)));
    for (const sink of sinks) sink.notice(status, message);
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
    await this.chain;
  }

  add(subs: PgSubscription[]): void {
    for (const sub of subs) {
      const set = this.byTable.get(sub.table.key) ?? new Set();
      this.byTable.set(sub.table.key, set);
      set.add(sub);
    }
  }

  remove(subs: PgSubscription[]): void {
    for (const sub of subs) {
      const set = this.byTable.get(sub.table.key);
      set?.delete(sub);
      if (set?.size === 0) this.byTable.delete(sub.table.key);
    }
  }

  private async read(payload: string): Promise<Change | undefined> {
    if (!payload.startsWith('#')) return JSON.parse(payload) as Change;
    const { rows } = await this.db.query<{ payload: string }>(
      'delete from realtime.change_queue where id = $1 returning payload',
      [Number(payload.slice(1))],
    );
    return rows[0] ? (JSON.parse(rows[0].payload) as Change) : undefined;
  }

  private async handle(payload: string): Promise<void> {
    const change = await this.read(payload);
    if (!change) return;
    const subs = this.byTable.get(`${change.schema}.${change.table}`);
    if (!subs?.size) return;
    const wanted = [...subs].filter((sub) => {
      if (sub.event !== '*' && sub.event !== change.type) return false;
      const types = sub.table.types;
      return (
        passesFilters(sub.filters, change.record, types) ||
        (change.type === 'DELETE' && passesFilters(sub.filters, change.old_record, types))
      );
    });
    if (wanted.length === 0) return;
    const visible = await this.visible(change, wanted);
    this.send(change, visible);
  }

  /**
   * Row-level security per subscriber: a change reaches only subscribers whose claims could
   * select the row (inserts and updates: the new row; deletes: the whole old row when the table
   * has replica identity full). Supabase cannot check deletes and passes them to everyone with
   * the key only; that remains the behaviour when the old row is not whole.
   */
  private async visible(change: Change, subs: PgSubscription[]): Promise<PgSubscription[]> {
    const row = change.type === 'DELETE' ? (change.identity_full ? change.old_record : null) : change.record;
    if (!row) return subs;
    const verdicts = new Map<string, boolean>();
    const pending: (Pending & { key: string })[] = [];
    for (const sub of subs) {
      const claims = sub.sink.claimsJson;
      const key = `${sub.table.key}|${claims}`;
      if (verdicts.has(key) || pending.some((p) => p.key === key)) continue;
      if (typeof sub.table.check === 'boolean') verdicts.set(key, sub.table.check);
      else pending.push({ key, check: sub.table.check, claims });
    }
    if (pending.length > 0) {
      const flags = await this.decide(change, pending, JSON.stringify(row));
      for (const [i, p] of pending.entries()) verdicts.set(p.key, flags[i] === true);
    }
    return subs.filter((sub) => verdicts.get(`${sub.table.key}|${sub.sink.claimsJson}`));
  }

  /**
   * One query for all pending verdicts. If it fails, one subscriber's claims may be the cause
   * (e.g. a `sub` that is not a uuid where a policy casts it): each is then decided alone, so
   * only that subscriber misses the change, never everyone on the table.
   */
  private async decide(change: Change, pending: Pending[], row: string): Promise<boolean[]> {
    try {
      return await this.query(change, pending, row);
    } catch (error) {
      if (pending.length === 1 || connectionFault(error)) throw error;
      return Promise.all(
        pending.map((p) =>
          this.query(change, [p], row).then(
            (flags) => flags[0] === true,
            (e: Error) => {
              this.log.warn(
                `[realtime] ${change.schema}.${change.table}: a subscriber's policy check failed: ${e.message}`,
              );
              return false;
            },
          ),
        ),
      );
    }
  }

  /** Batched when every check allows it, else per subscriber. */
  private async query(change: Change, pending: Pending[], row: string): Promise<boolean[]> {
    const batched = pending[0]!.check.batched;
    const { rows } =
      batched && pending.every((p) => p.check.batched === batched)
        ? await this.db.query<{ v: boolean[] | string }>(
            batchedStatement(change.schema, change.table, batched),
            [row, pending.map((p) => p.claims)],
          )
        : await this.db.query<{ v: boolean[] | string }>(
            'select realtime.visible_to($1::text[], $2::jsonb, $3::jsonb[]) as v',
            [pending.map((p) => p.check.perSubscriber), row, pending.map((p) => p.claims)],
          );
    const raw = rows[0]?.v ?? [];
    return typeof raw === 'string'
      ? raw
          .slice(1, -1)
          .split(',')
          .map((f) => f === 't')
      : raw;
  }

  private send(change: Change, subs: PgSubscription[]): void {
    const bySink = new Map<ChangeSink, PgSubscription[]>();
    for (const sub of subs) bySink.set(sub.sink, [...(bySink.get(sub.sink) ?? []), sub]);
    // Subscribers who see the same columns get the same payload: encode it once.
    const encoded = new Map<string, string>();
    for (const [sink, own] of bySink) {
      const table = own[0]!.table;
      let data = encoded.get(table.shape);
      if (data === undefined) {
        data = JSON.stringify(this.data(change, table));
        encoded.set(table.shape, data);
      }
      sink.deliver([...new Set(own.map((s) => s.id))], data);
    }
  }

  /** The `data` of a postgres_changes message, shaped as Supabase Realtime's. */
  private data(change: Change, table: TableInfo): Record<string, unknown> {
    const base = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
    };
    if (change.type !== 'DELETE' && table.pk.length === 0) {
      return { ...base, errors: ['Error 400: Bad Request, no primary key'] };
    }
    const selectable = new Set(table.columns.filter((c) => c.selectable).map((c) => c.name));
    if (change.type !== 'DELETE' && !table.pk.every((k) => selectable.has(k))) {
      return { ...base, errors: ['Error 401: Unauthorized'] };
    }
    const columns = table.columns.filter((c) => c.selectable).map((c) => ({ name: c.name, type: c.type }));
    const data: Record<string, unknown> = { ...base, columns, errors: null };
    if (change.type !== 'DELETE') data.record = pick(change.record, (k) => selectable.has(k));
    if (change.type === 'UPDATE') data.old_record = pick(change.old_record ?? {}, (k) => selectable.has(k));
    if (change.type === 'DELETE') {
      const keyOnly = table.rls;
      data.old_record = pick(
        change.old_record ?? {},
        (k) => selectable.has(k) && (!keyOnly || table.pk.includes(k)),
      );
    }
    return data;
  }
}
