import type { StackContext } from '../../context.ts';
import { forbidden, MESSAGES, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { sendEmail, withMail } from '../mailer.ts';
import { assertStrong, hashPassword, passwordMatches } from '../password.ts';
import { checkPkceParams, createFlowState } from '../pkce.ts';
import { type AuthRequest, obj, readParams, resolveRedirect, sendJson, str } from '../request.ts';
import { authSettings } from '../settings.ts';
import { tokenHash } from '../tokens.ts';
import { findUserByEmail, mergeMetadata, userJson } from '../users.ts';
import { validateEmail } from '../validate.ts';

/** GET /user: the caller's user object (internal/api/user.go UserGet). */
export async function getUser(ctx: StackContext, r: AuthRequest): Promise<void> {
  const caller = await requireUser(ctx, r);
  sendJson(r, 200, await userJson(ctx.db, caller.user.id));
}

/**
 * PUT /user (UserUpdate): `data` merges into user_metadata (null removes a key); a new
 * `password` must pass the strength check and differ from the old one, and ends the user's
 * other sessions; a new `email` is confirmed by a link mailed to it (type email_change), as
 * GoTrue does for permanent users even with confirmations off.
 */
export async function updateUser(ctx: StackContext, r: AuthRequest): Promise<void> {
  const caller = await requireUser(ctx, r);
  const params = await readParams(r);
  const settings = authSettings(ctx);
  const user = caller.user;
  const email = str(params, 'email') ? validateEmail(str(params, 'email')) : '';
  const hasPassword = typeof params.password === 'string';
  const password = str(params, 'password');
  if (hasPassword)
    assertStrong(password, settings.minimumPasswordLength, settings.passwordRequiredCharacters);
  if (params.app_metadata !== undefined) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (str(params, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const pkce = checkPkceParams(str(params, 'code_challenge_method'), str(params, 'code_challenge'));
  const changingEmail = email !== '' && email !== user.email;
  if (changingEmail) {
    const other = await findUserByEmail(ctx.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
  }
  const nonce = str(params, 'nonce');
  if (nonce) {
    const expected = tokenHash(user.email ?? '', nonce);
    const expired =
      user.reauthentication_sent_at === null ||
      Date.now() / 1000 > user.reauthentication_sent_at + settings.otpExpiry;
    if (user.reauthentication_token !== expected || expired) {
      throw unprocessable('reauthentication_not_valid', 'Requested nonce is invalid');
    }
  }
  let newHash: string | null = null;
  if (hasPassword && password !== '') {
    if (await passwordMatches(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(password);
  }
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));

  const body = await withMail(ctx, async (tx) => {
    if (newHash !== null) {
      // models.User.UpdatePassword: outstanding tokens are void, other sessions end.
      await tx.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
           recovery_token = '', recovery_sent_at = null, email_change_token_new = '', email_change_token_current = '',
           email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
          where id = $1`,
        [user.id, newHash],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [user.id]);
      if (caller.sessionId) {
        await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [
          user.id,
          caller.sessionId,
        ]);
      } else {
        await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      }
    }
    const data = obj(params, 'data');
    if (data) await mergeMetadata(tx, user.id, 'raw_user_meta_data', data);
    if (changingEmail) {
      await tx.query(
        `update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`,
        [user.id, email],
      );
      if (pkce) {
        await createFlowState(
          tx,
          user.id,
          'email_change',
          str(params, 'code_challenge_method'),
          str(params, 'code_challenge'),
        );
      }
      await sendEmail(ctx, tx, user, 'email_change', { redirectTo, pkce, address: email });
    }
    await tx.query(`update auth.users set updated_at = now() where id = $1`, [user.id]);
    return userJson(tx, user.id);
  });
  sendJson(r, 200, body);
}
