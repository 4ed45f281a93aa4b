import { randomUUID } from 'node:crypto';
import { connectionFault, type Db, type JwtClaims, type Queryable } from '../db/index.ts';

/**
 * Private channels, authorised as hosted Realtime does (Realtime.Tenants.Authorization): by the
 * project's row-level security policies on `realtime.messages`, evaluated with the joining
 * user's role and claims and `realtime.topic` set to the channel's topic. Reading (select) is
 * checked at join and again on every new access token; writing (insert) when the client first
 * sends. Nothing the checks insert is kept: each runs in a transaction that rolls back.
 */

export type Extension = 'broadcast' | 'presence';

/** What one channel may do; `undefined` until checked. */
export interface Policies {
  broadcast: { read?: boolean; write?: boolean };
  presence: { read?: boolean; write?: boolean };
}

/** Why a check could not decide, in Realtime's words (the join's or shutdown's reason). */
export class AuthorizationError extends Error {}

/** Realtime's answer when today's partition of realtime.messages is missing. */
const MISSING_PARTITION = 'MissingPartition: Realtime was unable to find the expected messages partition';

class Rollback<T> {
  constructor(readonly value: T) {}
}

/** Runs fn in a transaction that always rolls back, returning what fn returned. */
async function rolledBack<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (outcome) {
    if (outcome instanceof Rollback) return outcome.value as T;
    throw outcome;
  }
  throw new Error('unreachable');
}

/** As Realtime's set_conn_config: the role, the topic, the claims (and their legacy forms). */
const setContext = (tx: Queryable, claims: JwtClaims, topic: string) =>
  tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', '{}', true)`,
    [claims.role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  );

function judged(error: unknown): false {
  if (connectionFault(error)) throw error;
  const code = (error as { code?: string }).code;
  // No partition for the row's day: PostgreSQL's check_violation on the partitioned table.
  if (code === '23514') throw new AuthorizationError(MISSING_PARTITION);
  // Any other failure inside a policy is the user's policy failing: not authorised.
  return false;
}

/**
 * Read policies: one probe row per extension is inserted (as the stack, bypassing policies),
 * then selected back as the user; the rows the user can see are what they may read.
 */
export async function checkRead(
  db: Db,
  claims: JwtClaims,
  topic: string,
  extensions: Extension[],
  policies: Policies,
): Promise<Policies> {
  const probes = extensions.map((extension) => ({ extension, id: randomUUID() }));
  const seen = await rolledBack(db, async (tx) => {
    try {
      await tx.query(
        `insert into realtime.messages (id, topic, extension)
         select unnest($1::uuid[]), $2, unnest($3::text[])`,
        [probes.map((p) => p.id), topic, probes.map((p) => p.extension)],
      );
      await setContext(tx, claims, topic);
      const { rows } = await tx.query<{ id: string }>(
        'select id::text as id from realtime.messages where id = any($1::uuid[])',
        [probes.map((p) => p.id)],
      );
      return new Set(rows.map((r) => r.id));
    } catch (error) {
      judged(error);
      return new Set<string>();
    }
  });
  const next: Policies = { broadcast: { ...policies.broadcast }, presence: { ...policies.presence } };
  for (const probe of probes) next[probe.extension].read = seen.has(probe.id);
  return next;
}

/** Write policy of one extension: whether the user could insert a message on the topic. */
export function checkWrite(db: Db, claims: JwtClaims, topic: string, extension: Extension): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await setContext(tx, claims, topic);
    try {
      await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
      return true;
    } catch (error) {
      return judged(error);
    }
  });
}
