import type { StackContext } from '../context.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import type { AuthRequest } from './request.ts';
import { findUserById, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue reads the token from Authorization only (auth.go extractBearerToken), never from apikey. */
function bearer(r: AuthRequest): string {
  const match = /^bearer\s+(\S+)\s*$/i.exec(r.req.headers.authorization ?? '');
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1]!;
}

/** jose's failure, in the words of golang-jwt that GoTrue passes on. */
function jwtReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_JWT_EXPIRED') return 'token has invalid claims: token is expired';
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED')
    return 'token signature is invalid: signature is invalid';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return 'token has invalid claims: token is not valid yet';
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'token is unverifiable: signing method is invalid';
  return 'token is malformed: could not parse the token';
}

async function verifiedClaims(ctx: StackContext, token: string): Promise<Record<string, unknown>> {
  try {
    return (await ctx.verifyJwt(token)) as Record<string, unknown>;
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtReason(error)}`);
  }
}

export interface Caller {
  user: UserRow;
  /** Null for tokens without a session (e.g. minted by hand); then logout is global. */
  sessionId: string | null;
  claims: Record<string, unknown>;
}

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
export async function requireUser(ctx: StackContext, r: AuthRequest): Promise<Caller> {
  const claims = await verifiedClaims(ctx, bearer(r));
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  const sid = claims.session_id;
  if (typeof sid === 'string' && sid !== '' && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID.test(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const { rows } = await ctx.db.query(`select 1 from auth.sessions where id = $1`, [sid]);
    if (rows.length === 0)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = sid;
  }
  if (user.banned) throw forbidden('user_banned', 'User is banned');
  return { user, sessionId, claims };
}

/** GoTrue's admin roles (GOTRUE_JWT_ADMIN_ROLES default). */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's requireAdminCredentials: a JWT whose role is an admin role. */
export async function requireAdmin(ctx: StackContext, r: AuthRequest): Promise<Record<string, unknown>> {
  const claims = await verifiedClaims(ctx, bearer(r));
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
