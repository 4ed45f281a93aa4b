import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AuthError, badRequest, forbidden, MESSAGES } from '../errors.ts';
import { issueAuthCode } from '../pkce.ts';
import { type AuthRequest, readParams, redirect, resolveRedirect, sendJson, str } from '../request.ts';
import { type AuthMethod, issueSession, type SessionResponse } from '../sessions.ts';
import { authSettings } from '../settings.ts';
import { PKCE_PREFIX, tokenHash } from '../tokens.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  findUserByToken,
  refreshProviders,
  type UserRow,
} from '../users.ts';
import { validateEmail } from '../validate.ts';

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email' | 'email_change';
const TYPES = new Set<string>(['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change']);

/** PKCE flows are recorded under these methods (models.AuthenticationMethod). */
const FLOW_METHOD: Record<Exclude<VerifyType, 'email'>, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

interface Verified {
  user: UserRow;
  /** The type after resolving 'email' to signup or magiclink, as GoTrue does. */
  type: Exclude<VerifyType, 'email'>;
  pkce: boolean;
}

const expired = (sentAt: number | null, expiry: number): boolean =>
  sentAt === null || Date.now() / 1000 > sentAt + expiry;

const bare = (token: string | null): string => (token ?? '').replace(/^pkce_/, '');

/** verifyTokenHash: the user holding this link's token, unless it expired. */
async function byTokenHash(tx: Queryable, type: VerifyType, hash: string, expiry: number): Promise<Verified> {
  const h = bare(hash);
  let user: UserRow | null = null;
  let resolved: Verified['type'] = type === 'email' ? 'signup' : type;
  if (type === 'signup' || type === 'invite' || type === 'email') {
    user = await findUserByToken(tx, 'confirmation_token', h);
  }
  if (!user && (type === 'recovery' || type === 'magiclink' || type === 'email')) {
    user = await findUserByToken(tx, 'recovery_token', h);
    if (user && type === 'email') resolved = 'magiclink';
  }
  if (type === 'email_change') user = await findUserByToken(tx, 'email_change_token_new', h);
  if (!user) throw forbidden('otp_expired', MESSAGES.emailLinkInvalid);
  if (user.banned) throw forbidden('user_banned', 'User is banned');
  const sentAt =
    resolved === 'signup' || resolved === 'invite'
      ? user.confirmation_sent_at
      : resolved === 'email_change'
        ? user.email_change_sent_at
        : user.recovery_sent_at;
  if (expired(sentAt, expiry)) throw forbidden('otp_expired', MESSAGES.emailLinkInvalid);
  const stored =
    resolved === 'signup' || resolved === 'invite'
      ? user.confirmation_token
      : resolved === 'email_change'
        ? user.email_change_token_new
        : user.recovery_token;
  return { user, type: resolved, pkce: (stored ?? '').startsWith(PKCE_PREFIX) };
}

/** verifyUserAndToken: an e-mailed code for the address. */
async function byEmailOtp(
  tx: Queryable,
  type: VerifyType,
  email: string,
  otp: string,
  expiry: number,
): Promise<Verified> {
  let found: UserRow | null;
  if (type === 'email_change') {
    const { rows } = await tx.query<{ id: string }>(
      `select id::text from auth.users where lower(email_change) = $1`,
      [email],
    );
    found = rows[0] ? await findUserById(tx, rows[0].id, true) : null;
  } else {
    found = await findUserByEmail(tx, email, true);
  }
  if (!found) throw forbidden('otp_expired', MESSAGES.tokenInvalid);
  if (found.banned) throw forbidden('user_banned', 'User is banned');
  const hash = tokenHash(email, otp);
  const matches = (stored: string | null, sentAt: number | null) =>
    bare(stored) === hash && bare(stored) !== '' && !expired(sentAt, expiry);
  let resolved: Verified['type'] | null = null;
  if (
    (type === 'signup' || type === 'invite') &&
    matches(found.confirmation_token, found.confirmation_sent_at)
  ) {
    resolved = type;
  } else if (
    (type === 'recovery' || type === 'magiclink') &&
    matches(found.recovery_token, found.recovery_sent_at)
  ) {
    resolved = type;
  } else if (type === 'email') {
    if (matches(found.confirmation_token, found.confirmation_sent_at)) resolved = 'signup';
    else if (matches(found.recovery_token, found.recovery_sent_at)) resolved = 'magiclink';
  } else if (type === 'email_change' && matches(found.email_change_token_new, found.email_change_sent_at)) {
    resolved = 'email_change';
  }
  if (!resolved) throw forbidden('otp_expired', MESSAGES.tokenInvalid);
  return { user: found, type: resolved, pkce: false };
}

/** What following the link does to the user (signupVerify, recoverVerify, emailChangeVerify). */
async function apply(tx: Queryable, v: Verified): Promise<void> {
  const id = v.user.id;
  if (v.type === 'signup' || v.type === 'invite') {
    await confirmEmail(tx, id);
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [id],
    );
  } else if (v.type === 'recovery' || v.type === 'magiclink') {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [id]);
    await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [id]);
    if (!v.user.confirmed) await confirmEmail(tx, id);
  } else {
    const newEmail = v.user.email_change ?? '';
    await tx.query(
      `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_token_current = '',
         email_change_sent_at = null, email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text),
         updated_at = now()
        where id = $1`,
      [id, newEmail],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now() where user_id = $1 and provider = 'email'`,
      [id, newEmail],
    );
    await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [id]);
  }
  await refreshProviders(tx, id);
}

/**
 * GET and POST /verify (internal/api/verify.go). GET follows a mailed link: it redirects to
 * `redirect_to` with the session in the URL fragment (implicit flow, `type` added) or with
 * `?code=` (PKCE), and errors as `#error=…&error_code=…&error_description=…`. POST takes
 * `{type, token_hash}` or `{type, email, token}` and answers the session as JSON.
 */
export async function verify(ctx: StackContext, r: AuthRequest): Promise<void> {
  const expiry = authSettings(ctx).otpExpiry;
  if (r.req.method === 'GET') return verifyGet(ctx, r, expiry);
  const params = await readParams(r);
  const type = str(params, 'type');
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  const token = str(params, 'token');
  const hash = str(params, 'token_hash');
  if ((token === '') === (hash === ''))
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (str(params, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  let email = '';
  if (token) {
    if (!str(params, 'email')) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validateEmail(str(params, 'email'));
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
  } else if (str(params, 'email') || str(params, 'redirect_to')) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  if (!TYPES.has(type)) throw badRequest('validation_failed', 'Unsupported verification type');
  const session = await ctx.db.transaction(async (tx) => {
    const v = token
      ? await byEmailOtp(tx, type as VerifyType, email, token, expiry)
      : await byTokenHash(tx, type as VerifyType, hash, expiry);
    await apply(tx, v);
    return issueSession(ctx, tx, v.user.id, 'otp', r);
  });
  sendJson(r, 200, session);
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** url.Values.Encode: keys sorted, form-encoded. */
const encodeSorted = (values: Record<string, string>): string =>
  Object.keys(values)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k]!).replace(/%20/g, '+')}`)
    .join('&');

async function verifyGet(ctx: StackContext, r: AuthRequest, expiry: number): Promise<void> {
  const token = r.url.searchParams.get('token') ?? '';
  const type = r.url.searchParams.get('type') ?? '';
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  if (!TYPES.has(type) || type === 'email') {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  let result: { session: SessionResponse } | { code: string };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const v = await byTokenHash(tx, type as VerifyType, token, expiry);
      await apply(tx, v);
      if (v.pkce || token.startsWith(PKCE_PREFIX))
        return { code: await issueAuthCode(tx, v.user.id, FLOW_METHOD[v.type]) };
      return { session: await issueSession(ctx, tx, v.user.id, 'otp', r) };
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const values: Record<string, string> = {
      error_code: error.code,
      error_description: error.message,
      sb: '',
    };
    const oauth = OAUTH_ERROR[error.status];
    if (oauth) values.error = oauth;
    const target = new URL(redirectTo);
    target.hash = encodeSorted(values);
    return redirect(r, target.toString());
  }
  if ('code' in result) {
    const target = new URL(redirectTo);
    target.searchParams.set('code', result.code);
    return redirect(r, target.toString());
  }
  const s = result.session;
  const fragment = encodeSorted({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    sb: '',
    token_type: s.token_type,
    type,
  });
  redirect(r, `${redirectTo}#${fragment}`);
}
