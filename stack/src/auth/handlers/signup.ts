import { randomUUID } from 'node:crypto';
import type { StackContext } from '../../context.ts';
import { createEmailUser, isUniqueViolation } from '../accounts.ts';
import { badRequest, MESSAGES, tooManyRequests, unprocessable } from '../errors.ts';
import { sendEmail, withMail } from '../mailer.ts';
import { assertStrong, hashPassword } from '../password.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import type { FailureLimiter } from '../ratelimit.ts';
import { type AuthRequest, obj, readParams, resolveRedirect, sendJson, str } from '../request.ts';
import { issueSession } from '../sessions.ts';
import { authSettings } from '../settings.ts';
import { AUDIENCE, confirmEmail, findUserByEmail, userJson } from '../users.ts';
import { validateEmail } from '../validate.ts';

/**
 * POST /signup (internal/api/signup.go). With confirmations off (the CLI default) the user is
 * confirmed at once and gets a session; with them on, a confirmation mail goes out and the
 * user object comes back. A confirmed duplicate is `user_already_exists` with confirmations
 * off; with them on GoTrue answers an obfuscated user so addresses cannot be probed.
 */
export async function signup(ctx: StackContext, r: AuthRequest, limiter: FailureLimiter): Promise<void> {
  const params = await readParams(r);
  const settings = authSettings(ctx);
  const password = str(params, 'password');
  const data = obj(params, 'data') ?? {};
  const rawEmail = str(params, 'email');
  const phone = str(params, 'phone');
  // api.go's /signup route: neither an e-mail nor a phone is an anonymous sign-in.
  if (!rawEmail && !phone) {
    if (!settings.enableAnonymousSignIns) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    return signupAnonymously(ctx, r, data, limiter);
  }
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  assertStrong(password, settings.minimumPasswordLength, settings.passwordRequiredCharacters);
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const pkce = checkPkceParams(str(params, 'code_challenge_method'), str(params, 'code_challenge'));
  const email = validateEmail(rawEmail);
  const autoconfirm = !settings.enableConfirmations;
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  // Hashing is slow: do it before taking any lock, as GoTrue does.
  const passwordHash = await hashPassword(password);

  const outcome = await withMail(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email, true);
    if (user?.confirmed || (user && autoconfirm)) return { kind: 'exists' as const };
    if (!user) {
      try {
        user = await createEmailUser(tx, { email, passwordHash, data });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'exists' as const };
        throw error;
      }
    }
    if (autoconfirm) {
      await confirmEmail(tx, user.id);
      return { kind: 'session' as const, session: await issueSession(ctx, tx, user.id, 'password', r) };
    }
    if (pkce) {
      await createFlowState(
        tx,
        user.id,
        'email/signup',
        str(params, 'code_challenge_method'),
        str(params, 'code_challenge'),
      );
    }
    await sendEmail(ctx, tx, user, 'signup', { redirectTo, pkce });
    return { kind: 'user' as const, user: await userJson(tx, user.id) };
  });

  if (outcome.kind === 'session') return sendJson(r, 200, outcome.session);
  if (outcome.kind === 'user') return sendJson(r, 200, outcome.user);
  if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
  // GoTrue's sanitizeUser: a plausible, fresh-looking user that reveals nothing.
  const now = new Date().toISOString();
  return sendJson(r, 200, {
    id: randomUUID(),
    aud: AUDIENCE,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}

/**
 * An anonymous sign-in (anonymous.go SignupAnonymously): a user with no e-mail, phone or
 * identity, `is_anonymous` true, `data` as user_metadata and empty app_metadata, and a session
 * whose `amr` is "anonymous". At most `[auth.rate_limit] anonymous_users` per hour per client IP.
 */
async function signupAnonymously(
  ctx: StackContext,
  r: AuthRequest,
  data: Record<string, unknown>,
  limiter: FailureLimiter,
): Promise<void> {
  const settings = authSettings(ctx);
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const key = `anonymous:${r.ip}`;
  if (limiter.exceeded(key, settings.anonymousSignInsPerHour, HOUR_MS)) {
    throw tooManyRequests('over_request_rate_limit', MESSAGES.rateLimited);
  }
  limiter.record(key, HOUR_MS);
  const session = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
         confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
         reauthentication_token, phone_change, phone_change_token, is_sso_user, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), $1, 'authenticated', '{}'::jsonb, $2::jsonb,
         now(), now(), '', '', '', '', '', '', '', '', false, true)
       returning id::text`,
      [AUDIENCE, JSON.stringify(data)],
    );
    return issueSession(ctx, tx, rows[0]!.id, 'anonymous', r);
  });
  sendJson(r, 200, session);
}

const HOUR_MS = 60 * 60 * 1000;
