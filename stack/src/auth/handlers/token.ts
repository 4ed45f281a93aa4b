import type { StackContext } from '../../context.ts';
import { badRequest, MESSAGES, tooManyRequests, unprocessable } from '../errors.ts';
import { passwordMatches, weakness } from '../password.ts';
import { exchangeAuthCode } from '../pkce.ts';
import type { FailureLimiter } from '../ratelimit.ts';
import { type AuthRequest, readParams, sendJson, str } from '../request.ts';
import { issueSession, newRefreshToken, type SessionResponse, sessionResponse } from '../sessions.ts';
import { authSettings } from '../settings.ts';
import { findUserByEmail, findUserById } from '../users.ts';

/** POST /token?grant_type=… (internal/api/token.go). */
export async function token(ctx: StackContext, r: AuthRequest, limiter: FailureLimiter): Promise<void> {
  const grant = r.url.searchParams.get('grant_type');
  const params = await readParams(r);
  if (grant === 'password') return sendJson(r, 200, await passwordGrant(ctx, r, params, limiter));
  if (grant === 'refresh_token')
    return sendJson(r, 200, await refreshGrant(ctx, r, str(params, 'refresh_token')));
  if (grant === 'pkce') return sendJson(r, 200, await pkceGrant(ctx, r, params));
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

/**
 * The password grant (ResourceOwnerPasswordGrant). Failed attempts count per client IP and
 * per e-mail; past the limit the grant answers 429 over_request_rate_limit before even
 * looking at the password, so guessing stays slow.
 */
async function passwordGrant(
  ctx: StackContext,
  r: AuthRequest,
  params: Record<string, unknown>,
  limiter: FailureLimiter,
): Promise<SessionResponse> {
  const settings = authSettings(ctx);
  const rawEmail = str(params, 'email');
  const phone = str(params, 'phone');
  const password = str(params, 'password');
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (rawEmail && !settings.emailEnabled) {
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'missing email or phone');
  const email = rawEmail.toLowerCase();

  const windowMs = settings.failedSignInWindowSeconds * 1000;
  const ipKey = `ip:${r.ip}`;
  const emailKey = `email:${email}`;
  if (
    limiter.exceeded(ipKey, settings.failedSignInsPerIp, windowMs) ||
    limiter.exceeded(emailKey, settings.failedSignInsPerEmail, windowMs)
  ) {
    throw tooManyRequests('over_request_rate_limit', MESSAGES.rateLimited);
  }
  const fail = (): never => {
    limiter.record(ipKey, windowMs);
    limiter.record(emailKey, windowMs);
    throw badRequest('invalid_credentials', MESSAGES.invalidLogin);
  };

  const user = await findUserByEmail(ctx.db, email);
  if (!user?.encrypted_password) return fail();
  if (user.banned) throw badRequest('user_banned', 'User is banned');
  if (!(await passwordMatches(password, user.encrypted_password))) return fail();
  limiter.reset(emailKey);
  if (!user.confirmed) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await ctx.db.transaction((tx) => issueSession(ctx, tx, user.id, 'password', r));
  // GoTrue signs in with a weak (but correct) password and says so (token.WeakPassword).
  const weak = weakness(password, settings.minimumPasswordLength, settings.passwordRequiredCharacters);
  return weak ? { ...session, weak_password: weak } : session;
}

interface TokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  session_exists: boolean;
  session_expired: boolean;
  reuse_window_passed: boolean;
}

type RefreshOutcome = { ok: SessionResponse } | { error: ReturnType<typeof badRequest> };

/**
 * The refresh grant with rotation (internal/tokens/service.go RefreshTokenGrant, refresh
 * token algorithm 1): each use revokes the token and issues its child. A revoked token is
 * still honoured when it is the parent of the session's active token (the client lost the
 * last answer; the active token is returned) or within the reuse interval. Outside it the use
 * is taken as theft: the whole session is ended — every refresh token of its family revoked
 * and its access tokens refused (session_not_found) — as GoTrue does on detected reuse — and
 * the answer is refresh_token_already_used.
 */
export async function refreshGrant(
  ctx: StackContext,
  r: AuthRequest,
  refreshToken: string,
): Promise<SessionResponse> {
  if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
  const { refreshTokenReuseInterval: reuseInterval, refreshTokenRotation: rotation } = authSettings(ctx);
  const outcome = await ctx.db.transaction<RefreshOutcome>(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select rt.id::int8 as id, rt.token, rt.user_id, coalesce(rt.revoked, false) as revoked, rt.parent,
              rt.session_id::text, s.id is not null as session_exists,
              coalesce(s.not_after < now(), false) as session_expired,
              now() > rt.updated_at + make_interval(secs => $2) as reuse_window_passed
         from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
      [refreshToken, reuseInterval],
    );
    const row = rows[0];
    if (!row)
      return {
        error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      };
    const user = await findUserById(tx, row.user_id);
    if (!user)
      return {
        error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      };
    if (user.banned) return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
    if (!row.session_id || !row.session_exists) {
      await tx.query(`delete from auth.refresh_tokens where id = $1`, [row.id]);
      return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    if (row.session_expired)
      return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
    // Serialise refreshes of one session.
    await tx.query(`select 1 from auth.sessions where id = $1 for update`, [row.session_id]);

    let issued: string | null = null;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1`,
        [row.session_id],
      );
      if (active.rows[0]?.parent === row.token) {
        issued = active.rows[0].token;
      } else if (row.reuse_window_passed && !rotation) {
        // enable_refresh_token_rotation = false: only this request fails (tokens/service.go).
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      } else if (row.reuse_window_passed) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
          [row.session_id],
        );
        await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    }
    if (!issued) {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
        row.id,
      ]);
      issued = await newRefreshToken(tx, row.user_id, row.session_id, row.token);
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3::inet
        where id = $1`,
      [row.session_id, r.userAgent, r.ip || null],
    );
    return { ok: await sessionResponse(ctx, tx, row.user_id, row.session_id, issued) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

/** The PKCE grant: a mailed link's auth code and the client's verifier for a session. */
async function pkceGrant(
  ctx: StackContext,
  r: AuthRequest,
  params: Record<string, unknown>,
): Promise<SessionResponse> {
  const expiry = authSettings(ctx).flowStateExpiry;
  return ctx.db.transaction(async (tx) => {
    const flow = await exchangeAuthCode(tx, str(params, 'auth_code'), str(params, 'code_verifier'), expiry);
    return issueSession(ctx, tx, flow.userId, flow.method, r);
  });
}
