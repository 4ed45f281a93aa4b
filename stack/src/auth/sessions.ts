import { jwtKeys, type StackContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { WeakPassword } from './password.ts';
import { authSettings, authUrl } from './settings.ts';
import { secureAlphanumeric } from './tokens.ts';
import { USER_JSON, type UserJson } from './users.ts';

/** GoTrue's AccessTokenResponse (internal/tokens/service.go). */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: WeakPassword;
}

/**
 * Authentication methods as GoTrue records them in auth.mfa_amr_claims and the `amr` claim
 * (models.AuthenticationMethod).
 */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous'
  | 'totp';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export async function newRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = secureAlphanumeric(12);
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/**
 * A new session with its first refresh token and an access token, as GoTrue's
 * IssueRefreshToken: the session row, the AMR claim, last_sign_in_at.
 */
export async function issueSession(
  ctx: StackContext,
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  client: ClientInfo,
): Promise<SessionResponse> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet) returning id::text`,
    [userId, client.userAgent, client.ip || null],
  );
  const sessionId = rows[0]!.id;
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)`,
    [sessionId, method],
  );
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const refreshToken = await newRefreshToken(tx, userId, sessionId, null);
  return sessionResponse(ctx, tx, userId, sessionId, refreshToken);
}

interface ClaimsRow {
  user: UserJson;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
  aal: string;
  amr: { method: string; timestamp: number }[];
}

/** An access token for the session and the response GoTrue sends with it. */
export async function sessionResponse(
  ctx: StackContext,
  tx: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const { rows } = await tx.query<ClaimsRow>(
    `select ${USER_JSON} as user, coalesce(u.aud, '') as aud, coalesce(u.role, '') as role,
            coalesce(u.email, '') as email, coalesce(u.phone, '') as phone,
            coalesce(u.raw_app_meta_data, '{}'::jsonb) as app_metadata,
            coalesce(u.raw_user_meta_data, '{}'::jsonb) as user_metadata,
            coalesce(u.is_anonymous, false) as is_anonymous,
            coalesce(s.aal::text, 'aal1') as aal,
            (select coalesce(jsonb_agg(jsonb_build_object('method', c.authentication_method,
                                                          'timestamp', extract(epoch from c.updated_at)::bigint)
                                       order by c.updated_at desc), '[]'::jsonb)
               from auth.mfa_amr_claims c where c.session_id = s.id) as amr
       from auth.users u join auth.sessions s on s.user_id = u.id
      where u.id = $1 and s.id = $2`,
    [userId, sessionId],
  );
  const row = rows[0];
  if (!row) throw new Error(`session ${sessionId} of user ${userId} vanished`);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + authSettings(ctx).jwtExpiry;
  // Claim names and order as GoTrue's AccessTokenClaims; signed as GoTrue signs (signing.ts).
  const accessToken = await jwtKeys(ctx.config).sign({
    iss: authUrl(ctx),
    sub: userId,
    aud: row.aud,
    exp,
    iat,
    email: row.email,
    phone: row.phone,
    app_metadata: row.app_metadata,
    user_metadata: row.user_metadata,
    role: row.role,
    aal: row.aal,
    amr: row.amr,
    session_id: sessionId,
    is_anonymous: row.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: exp - iat,
    expires_at: exp,
    refresh_token: refreshToken,
    user: row.user,
  };
}

/** GoTrue's models.Logout / LogoutSession / LogoutAllExceptMe; refresh tokens cascade. */
export async function endSessions(
  tx: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null,
): Promise<void> {
  if (scope === 'local' && sessionId) {
    await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
}
