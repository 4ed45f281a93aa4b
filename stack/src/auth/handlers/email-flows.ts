import { randomBytes } from 'node:crypto';
import type { StackContext } from '../../context.ts';
import { createEmailUser, isUniqueViolation } from '../accounts.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { sendEmail, withMail } from '../mailer.ts';
import { hashPassword } from '../password.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { type AuthRequest, obj, readParams, resolveRedirect, sendJson, str } from '../request.ts';
import { authSettings } from '../settings.ts';
import { confirmEmail, findUserByEmail } from '../users.ts';
import { validateEmail } from '../validate.ts';

const pkceOf = (params: Record<string, unknown>) => {
  const method = str(params, 'code_challenge_method');
  const challenge = str(params, 'code_challenge');
  return { on: checkPkceParams(method, challenge), method, challenge };
};

/**
 * POST /recover (internal/api/recover.go): mails a recovery link to a known address; answers
 * `{}` either way, so addresses cannot be probed.
 */
export async function recover(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  if (!str(params, 'email')) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(str(params, 'email'));
  const pkce = pkceOf(params);
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  await withMail(ctx, async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    if (!user) return;
    if (pkce.on) await createFlowState(tx, user.id, 'recovery', pkce.method, pkce.challenge);
    await sendEmail(ctx, tx, user, 'recovery', { redirectTo, pkce: pkce.on });
  });
  sendJson(r, 200, {});
}

/**
 * POST /otp and /magiclink (internal/api/otp.go, magic_link.go): a sign-in link and code by
 * mail. An unknown address is signed up first (with a random password) unless
 * `create_user` is false (422 otp_disabled); an unconfirmed user gets the confirmation mail.
 */
export async function otp(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  if (str(params, 'phone')) {
    if (str(params, 'email')) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
    }
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  }
  if (!str(params, 'email')) throw badRequest('validation_failed', 'One of email or phone must be set');
  const email = validateEmail(str(params, 'email'));
  const createUser = params.create_user !== false;
  const data = obj(params, 'data') ?? {};
  const pkce = pkceOf(params);
  const autoconfirm = !authSettings(ctx).enableConfirmations;
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!authSettings(ctx).emailEnabled)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const passwordHash = existing ? '' : await hashPassword(randomBytes(24).toString('base64url'));

  await withMail(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email, true);
    if (!user) {
      try {
        user = await createEmailUser(tx, { email, passwordHash, data });
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable('user_already_exists', 'User already registered');
        throw error;
      }
      if (autoconfirm) {
        await confirmEmail(tx, user.id);
        user = { ...user, confirmed: true };
      }
    }
    if (!user.confirmed) {
      if (pkce.on) await createFlowState(tx, user.id, 'email/signup', pkce.method, pkce.challenge);
      await sendEmail(ctx, tx, user, 'signup', { redirectTo, pkce: pkce.on });
      return;
    }
    if (pkce.on) await createFlowState(tx, user.id, 'magiclink', pkce.method, pkce.challenge);
    await sendEmail(ctx, tx, user, 'magiclink', { redirectTo, pkce: pkce.on });
  });
  sendJson(r, 200, {});
}

/** POST /resend (internal/api/resend.go): the signup or email_change mail again. */
export async function resend(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  const type = str(params, 'type');
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (type === 'sms' || type === 'phone_change' || str(params, 'phone')) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!str(params, 'email')) {
    if (type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
    throw badRequest('validation_failed', 'Missing email address or phone number');
  }
  const email = validateEmail(str(params, 'email'));
  const pkce = pkceOf(params);
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  await withMail(ctx, async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    if (!user) return;
    if (type === 'signup') {
      if (user.confirmed) return;
      if (pkce.on) await createFlowState(tx, user.id, 'email/signup', pkce.method, pkce.challenge);
      await sendEmail(ctx, tx, user, 'signup', { redirectTo, pkce: pkce.on });
    } else {
      if (!user.email_change) return;
      if (pkce.on) await createFlowState(tx, user.id, 'email_change', pkce.method, pkce.challenge);
      await sendEmail(ctx, tx, user, 'email_change', {
        redirectTo,
        pkce: pkce.on,
        address: user.email_change,
      });
    }
  });
  sendJson(r, 200, {});
}

/**
 * GET /reauthenticate (internal/api/reauthenticate.go): mails a code that PUT /user accepts
 * as `nonce`.
 */
export async function reauthenticate(ctx: StackContext, r: AuthRequest): Promise<void> {
  const caller = await requireUser(ctx, r);
  const user = caller.user;
  if (!user.email) {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.confirmed) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await withMail(ctx, (tx) => sendEmail(ctx, tx, user, 'reauthentication', { redirectTo: '' }));
  sendJson(r, 200, {});
}
