import type { Db, Queryable } from './types.ts';

/** The claims of a verified JWT; `role` picks the database role, as PostgREST does. */
export interface JwtClaims {
  role: string;
  sub?: string;
  [claim: string]: unknown;
}

/** The roles a JWT may switch to. Anything else is refused before it reaches SQL. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export class UnknownRoleError extends Error {
  constructor(readonly role: string) {
    super(`role "${role}" does not exist`);
  }
}

/**
 * Runs fn in one transaction as PostgREST runs a request: `set local role` to the JWT's role
 * and the claims in `request.jwt.claims` (plus the legacy `request.jwt.claim.*` settings), so
 * `auth.uid()` and row-level security see the caller, and nothing leaks past the transaction.
 */
export function withClaims<T>(
  db: Db,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  extra: Record<string, string> = {},
): Promise<T> {
  if (!API_ROLES.has(claims.role)) return Promise.reject(new UnknownRoleError(claims.role));
  return db.transaction(async (tx) => {
    const settings: [string, string][] = [
      ['role', claims.role],
      ['request.jwt.claims', JSON.stringify(claims)],
      ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
      ['request.jwt.claim.role', claims.role],
      ...Object.entries(extra),
    ];
    const params = settings.flat();
    const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ');
    await tx.query(`select ${calls}`, params);
    return fn(tx);
  });
}
