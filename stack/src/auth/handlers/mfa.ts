import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { type Caller, requireUser } from '../guard.ts';
import { qrSvg } from '../qrcode.ts';
import { type AuthRequest, readParams, sendJson, str } from '../request.ts';
import { newRefreshToken, sessionResponse } from '../sessions.ts';
import { authSettings } from '../settings.ts';
import { newTotpSecret, totpUri, totpValid } from '../totp.ts';
import { FACTOR_JSON } from '../users.ts';

/**
 * Multi-factor authentication with TOTP, as GoTrue serves it (internal/api/mfa.go,
 * models/factor.go, models/sessions.go): enrol a factor (unverified until its first code),
 * challenge it, verify a code (the session becomes aal2, gets the "totp" AMR claim and a new
 * refresh token; the user's aal1 sessions end), unenrol it. `[auth.mfa.totp]` of config.toml
 * switches enrolment and verification; phone and WebAuthn factors answer as disabled.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's FactorExpiryDuration: unverified, never challenged factors older than this go. */
const FACTOR_EXPIRY_SECONDS = 300;

/** api.go mounts /factors behind requireAuthentication and requireNotAnonymous. */
async function requireFactorUser(ctx: StackContext, r: AuthRequest): Promise<Caller & { sessionId: string }> {
  const caller = await requireUser(ctx, r);
  if (caller.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  if (!caller.sessionId) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  return caller as Caller & { sessionId: string };
}

async function sessionAal(db: Queryable, sessionId: string): Promise<string> {
  const { rows } = await db.query<{ aal: string | null }>(
    `select aal::text from auth.sessions where id = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? '';
}

interface FactorRow {
  id: string;
  factor_type: string;
  status: string;
  secret: string | null;
}

/** admin.go loadFactor: a factor of the caller's, by its id in the path. */
async function loadFactor(db: Queryable, userId: string, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow>(
    `select id::text, factor_type::text, status::text, secret from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** Phone and WebAuthn factors: the stack sends no SMS and has no WebAuthn, so they stay off. */
function checkFactorType(type: string, ctx: StackContext, step: 'enroll' | 'verify'): void {
  const s = authSettings(ctx);
  const enroll = step === 'enroll';
  if (type === 'phone') {
    throw enroll
      ? unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
      : unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  }
  if (type === 'webauthn') {
    throw enroll
      ? unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
      : unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn');
  }
  if (type === 'totp') {
    if (enroll && !s.mfaTotpEnroll) {
      throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    }
    if (!enroll && !s.mfaTotpVerify) {
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    }
    return;
  }
  throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

/** POST /factors (EnrollFactor, enrollTOTPFactor, validateFactors). */
export async function enrollFactor(ctx: StackContext, r: AuthRequest): Promise<void> {
  const caller = await requireFactorUser(ctx, r);
  const params = await readParams(r);
  checkFactorType(str(params, 'factor_type'), ctx, 'enroll');
  const settings = authSettings(ctx);
  const friendlyName = str(params, 'friendly_name');
  const issuer = str(params, 'issuer') || new URL(settings.siteUrl).host;
  const userId = caller.user.id;
  const body = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors f where f.status <> 'verified'
          and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
          and f.created_at + make_interval(secs => $1) < current_timestamp`,
      [FACTOR_EXPIRY_SECONDS],
    );
    const { rows: factors } = await tx.query<{ friendly_name: string | null; status: string }>(
      `select friendly_name, status::text from auth.mfa_factors where user_id = $1`,
      [userId],
    );
    if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= settings.mfaMaxEnrolledFactors || verified >= settings.mfaMaxVerifiedFactors) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && (await sessionAal(tx, caller.sessionId)) !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const secret = newTotpSecret();
    const uri = totpUri(issuer, caller.user.email ?? '', secret);
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, $2, 'totp', 'unverified', now(), now(), $3) returning id::text`,
      [userId, friendlyName, secret],
    );
    return {
      id: rows[0]!.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrSvg(uri), secret, uri },
    };
  });
  sendJson(r, 200, body);
}

/** POST /factors/:id/challenge (ChallengeFactor, challengeTOTPFactor). */
export async function challengeFactor(ctx: StackContext, r: AuthRequest, factorId: string): Promise<void> {
  const caller = await requireFactorUser(ctx, r);
  const factor = await loadFactor(ctx.db, caller.user.id, factorId);
  checkFactorType(factor.factor_type, ctx, 'verify');
  const expiry = authSettings(ctx).mfaChallengeExpiry;
  const body = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values (gen_random_uuid(), $1, now(), $2::inet)
       returning id::text, floor(extract(epoch from created_at) + $3)::int8 as expires_at`,
      [factor.id, r.ip || '0.0.0.0', expiry],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return { id: rows[0]!.id, type: factor.factor_type, expires_at: Number(rows[0]!.expires_at) };
  });
  sendJson(r, 200, body);
}

/** POST /factors/:id/verify (VerifyFactor, verifyTOTPFactor, validateChallenge, updateMFASessionAndClaims). */
export async function verifyFactor(ctx: StackContext, r: AuthRequest, factorId: string): Promise<void> {
  const caller = await requireFactorUser(ctx, r);
  const factor = await loadFactor(ctx.db, caller.user.id, factorId);
  const params = await readParams(r);
  const code = str(params, 'code');
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  checkFactorType(factor.factor_type, ctx, 'verify');
  const challengeId = str(params, 'challenge_id');
  const expiry = authSettings(ctx).mfaChallengeExpiry;
  const { rows } = UUID.test(challengeId)
    ? await ctx.db.query<{ id: string; verified: boolean; same_ip: boolean; expired: boolean }>(
        `select id::text, verified_at is not null as verified, ip_address = $3::inet as same_ip,
                now() > created_at + make_interval(secs => $4) as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id, r.ip || '0.0.0.0', expiry],
      )
    : { rows: [] };
  const challenge = rows[0];
  if (!challenge) {
    throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  }
  if (challenge.verified || !challenge.same_ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (challenge.expired) {
    await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (!totpValid(factor.secret ?? '', code)) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  const sessionId = caller.sessionId;
  const userId = caller.user.id;
  const body = await ctx.db.transaction(async (tx) => {
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challenge.id]);
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`,
      [factor.id],
    );
    await tx.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values (gen_random_uuid(), $1, now(), now(), 'totp')
       on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
      [sessionId],
    );
    // models.GrantRefreshTokenSwap: the session's active refresh token is revoked, its child issued.
    const active = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false)
        order by id desc limit 1 for update`,
      [sessionId],
    );
    const parent = active.rows[0]?.token ?? null;
    if (parent) {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
        parent,
      ]);
    }
    const refreshToken = await newRefreshToken(tx, userId, sessionId, parent);
    await tx.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
      [sessionId, factor.id],
    );
    // models.InvalidateSessionsWithAALLessThan and DeleteUnverifiedFactors.
    await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [userId]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type`,
      [userId, factor.factor_type],
    );
    return sessionResponse(ctx, tx, userId, sessionId, refreshToken);
  });
  sendJson(r, 200, body);
}

/** DELETE /factors/:id (UnenrollFactor, Factor.DowngradeSessionsToAAL1). */
export async function unenrollFactor(ctx: StackContext, r: AuthRequest, factorId: string): Promise<void> {
  const caller = await requireFactorUser(ctx, r);
  const factor = await loadFactor(ctx.db, caller.user.id, factorId);
  if (factor.status === 'verified' && (await sessionAal(ctx.db, caller.sessionId)) !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction((tx) => deleteFactor(tx, caller.user.id, factor));
  sendJson(r, 200, { id: factor.id });
}

async function deleteFactor(tx: Queryable, userId: string, factor: FactorRow): Promise<void> {
  await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  if (factor.factor_type === 'totp') {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $2)`,
      [userId, factor.id],
    );
  }
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
    [userId, factor.id],
  );
}

/** GET /admin/users/:id/factors (adminUserGetFactors): the user's factors as an array. */
export async function adminListFactors(ctx: StackContext, r: AuthRequest, userId: string): Promise<void> {
  const { rows } = await ctx.db.query<{ factors: unknown[] }>(
    `select coalesce(jsonb_agg(${FACTOR_JSON} order by f.created_at), '[]'::jsonb) as factors
       from auth.mfa_factors f where f.user_id = $1`,
    [userId],
  );
  sendJson(r, 200, rows[0]!.factors);
}

/** DELETE /admin/users/:id/factors/:factor_id (adminUserDeleteFactor): answers the deleted factor. */
export async function adminDeleteFactor(
  ctx: StackContext,
  r: AuthRequest,
  userId: string,
  factorId: string,
): Promise<void> {
  const factor = await loadFactor(ctx.db, userId, factorId);
  const body = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ factor: unknown }>(
      `select ${FACTOR_JSON} as factor from auth.mfa_factors f where f.id = $1`,
      [factor.id],
    );
    await deleteFactor(tx, userId, factor);
    return rows[0]!.factor;
  });
  sendJson(r, 200, body);
}
