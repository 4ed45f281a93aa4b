import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { createEmailUser, isUniqueViolation } from '../accounts.ts';
import { AuthError, badRequest, MESSAGES, notFound, unprocessable } from '../errors.ts';
import { requireAdmin } from '../guard.ts';
import { issueEmailToken, type LinkType, sendEmail, withMail } from '../mailer.ts';
import { assertStrong, hashPassword, MAX_PASSWORD_LENGTH } from '../password.ts';
import {
  type AuthRequest,
  obj,
  type Params,
  readParams,
  resolveRedirect,
  sendJson,
  str,
} from '../request.ts';
import { authSettings } from '../settings.ts';
import {
  AUDIENCE,
  confirmEmail,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  USER_JSON,
  type UserRow,
  userJson,
} from '../users.ts';
import { validateEmail } from '../validate.ts';
import { adminDeleteFactor, adminListFactors } from './mfa.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Go's time.ParseDuration, as GoTrue reads `ban_duration`; seconds, or null for "none". */
function banSeconds(value: string): number | null {
  if (value === 'none') return null;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${value}"`,
    );
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0);
}

async function setBan(tx: Queryable, id: string, duration: string): Promise<void> {
  const seconds = banSeconds(duration);
  await tx.query(
    `update auth.users set banned_until = case when $2::float8 is null then null else now() + make_interval(secs => $2) end where id = $1`,
    [id, seconds],
  );
  if (seconds !== null) await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
}

/** The admin API for the service role (internal/api/admin.go, mail.go, invite.go). */
export async function admin(ctx: StackContext, r: AuthRequest, path: string, method: string): Promise<void> {
  await requireAdmin(ctx, r);
  if (path === '/admin/users' && method === 'GET') return listUsers(ctx, r);
  if (path === '/admin/users' && method === 'POST') return createUser(ctx, r);
  if (path === '/admin/generate_link' && method === 'POST') return generateLink(ctx, r);
  if (path === '/invite' && method === 'POST') return invite(ctx, r);
  const match = /^\/admin\/users\/([^/]+)(?:\/factors(?:\/([^/]+))?)?$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1]!);
    if (!UUID.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(ctx.db, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    if (path.includes('/factors')) {
      if (match[2] === undefined && method === 'GET') return adminListFactors(ctx, r, id);
      if (match[2] !== undefined && method === 'DELETE') {
        return adminDeleteFactor(ctx, r, id, decodeURIComponent(match[2]));
      }
      throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
    }
    if (method === 'GET') return sendJson(r, 200, await userJson(ctx.db, id));
    if (method === 'PUT') return updateUser(ctx, r, id);
    if (method === 'DELETE') return deleteUser(ctx, r, id);
  }
  throw new AuthError(404, 'not_found', 'Not Found');
}

/** Go's strconv.ParseUint, as GoTrue reads `page` and `per_page` (pagination.go paginate). */
function parseUint(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    );
  }
  const n = BigInt(value);
  if (n > 18446744073709551615n) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`,
    );
  }
  return Number(n);
}

/**
 * GET /admin/users?page&per_page (admin.go adminUsers): `{users, aud}`, newest first, with
 * X-Total-Count and a Link header built from the request's own path and query, as GoTrue's
 * addPaginationHeaders does. A page or per_page that is not an unsigned integer is 400.
 */
async function listUsers(ctx: StackContext, r: AuthRequest): Promise<void> {
  const query = r.url.searchParams;
  const page = parseUint(query.get('page'), 1);
  const perPage = parseUint(query.get('per_page'), 50);
  if (perPage === 0) throw new AuthError(500, 'unexpected_failure', 'Internal Server Error');
  const offset = Math.max(0, page - 1) * perPage;
  const { rows } = await ctx.db.query<{ users: unknown[]; total: number }>(
    `select coalesce((select jsonb_agg(x.user order by x.created_at desc, x.id)
                        from (select ${USER_JSON} as user, u.created_at, u.id from auth.users u
                               where u.aud = $3 order by u.created_at desc, u.id limit $1 offset $2) x), '[]'::jsonb) as users,
            (select count(*)::int from auth.users where aud = $3) as total`,
    [Math.min(perPage, 1_000_000), offset, AUDIENCE],
  );
  const total = Number(rows[0]!.total);
  const totalPages = Math.floor(total / perPage) + (total % perPage > 0 ? 1 : 0);
  // Go's url.Values.Encode: the request's parameters with `page` replaced, sorted by key.
  const link = (p: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(p));
    const sorted = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `<${r.url.pathname.replace(/^\/auth\/v1/, '')}?${new URLSearchParams(sorted).toString()}>`;
  };
  let header = '';
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `;
  header += `${link(totalPages)}; rel="last"`;
  sendJson(
    r,
    200,
    { users: rows[0]!.users, aud: AUDIENCE },
    { 'X-Total-Count': String(total), Link: header },
  );
}

async function createUser(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  if (str(params, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!str(params, 'email'))
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = validateEmail(str(params, 'email'));
  const id = str(params, 'id') || undefined;
  if (id !== undefined && !UUID.test(id))
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  let passwordHash = '';
  if (typeof params.password === 'string' && params.password !== '') {
    // adminUserCreate checks no strength; only bcrypt's own limit (models.NewUser).
    if (Buffer.byteLength(params.password, 'utf8') > MAX_PASSWORD_LENGTH) {
      throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
    }
    passwordHash = await hashPassword(params.password);
  } else if (str(params, 'password_hash')) {
    passwordHash = str(params, 'password_hash');
    if (!/^\$2[abxy]\$\d\d\$/.test(passwordHash))
      throw badRequest('validation_failed', 'Invalid password hash format');
  }
  const body = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
    let user: UserRow;
    try {
      user = await createEmailUser(tx, {
        email,
        passwordHash,
        data: obj(params, 'user_metadata') ?? {},
        appMetadata: obj(params, 'app_metadata') ?? {},
        role: str(params, 'role') || undefined,
        id,
        identityInMetadata: false,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
      throw error;
    }
    // user.Confirm: user_metadata.email_verified becomes true; the identity data stays as created.
    if (params.email_confirm === true) await confirmEmail(tx, user.id);
    if (str(params, 'ban_duration')) await setBan(tx, user.id, str(params, 'ban_duration'));
    return userJson(tx, user.id);
  });
  sendJson(r, 200, body);
}

async function updateUser(ctx: StackContext, r: AuthRequest, id: string): Promise<void> {
  const params: Params = await readParams(r);
  let passwordHash: string | null = null;
  if (typeof params.password === 'string') {
    const settings = authSettings(ctx);
    assertStrong(params.password, settings.minimumPasswordLength, settings.passwordRequiredCharacters);
    passwordHash = await hashPassword(params.password);
  }
  const email = str(params, 'email') ? validateEmail(str(params, 'email')) : '';
  const body = await ctx.db.transaction(async (tx) => {
    if (email) {
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== id) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (passwordHash !== null) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        id,
        passwordHash,
      ]);
    }
    if (params.email_confirm === true) await confirmEmail(tx, id);
    if (str(params, 'role'))
      await tx.query(`update auth.users set role = $2 where id = $1`, [id, str(params, 'role')]);
    const userMeta = obj(params, 'user_metadata');
    if (userMeta) await mergeMetadata(tx, id, 'raw_user_meta_data', userMeta);
    const appMeta = obj(params, 'app_metadata');
    if (appMeta) await mergeMetadata(tx, id, 'raw_app_meta_data', appMeta);
    if (str(params, 'ban_duration')) await setBan(tx, id, str(params, 'ban_duration'));
    await tx.query(`update auth.users set updated_at = now() where id = $1`, [id]);
    return userJson(tx, id);
  });
  sendJson(r, 200, body);
}

/** DELETE /admin/users/:id; `should_soft_delete` keeps an anonymised row, as GoTrue. */
async function deleteUser(ctx: StackContext, r: AuthRequest, id: string): Promise<void> {
  const params = await readParams(r);
  await ctx.db.transaction(async (tx) => {
    if (params.should_soft_delete === true) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
      await tx.query(`delete from auth.identities where user_id = $1`, [id]);
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
        [id],
      );
    } else {
      await tx.query(`delete from auth.users where id = $1`, [id]);
    }
  });
  sendJson(r, 200, {});
}

const LINK_TYPES = new Set([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]);

/**
 * POST /admin/generate_link (internal/api/mail.go adminGenerateLink): the link a mail would
 * carry, without sending it; the user is created for signup and invite links.
 */
async function generateLink(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  const type = str(params, 'type');
  if (!LINK_TYPES.has(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  const email = validateEmail(str(params, 'email'));
  const redirectTo = resolveRedirect(ctx, str(params, 'redirect_to') || str(params, 'redirectTo') || null);
  const data = obj(params, 'data') ?? {};
  const password = str(params, 'password');
  if (type === 'signup') {
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    const settings = authSettings(ctx);
    assertStrong(password, settings.minimumPasswordLength, settings.passwordRequiredCharacters);
  }
  const passwordHash = type === 'signup' ? await hashPassword(password) : '';
  const newEmail = str(params, 'new_email') ? validateEmail(str(params, 'new_email')) : '';
  const body = await withMail(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email, true);
    if (!user) {
      if (type !== 'signup' && type !== 'invite')
        throw notFound('user_not_found', 'User with this email not found');
      user = await createEmailUser(tx, { email, passwordHash, data, identityInMetadata: false });
    } else if (type === 'signup' && user.confirmed) {
      throw unprocessable('email_exists', MESSAGES.duplicateEmail);
    } else if (type === 'invite' && user.confirmed) {
      throw unprocessable('email_exists', MESSAGES.duplicateEmail);
    }
    let kind: LinkType = type as LinkType;
    let address: string | undefined;
    if (type === 'email_change_current' || type === 'email_change_new') {
      if (!newEmail) throw badRequest('validation_failed', 'The new email address provided is invalid');
      const other = await findUserByEmail(tx, newEmail);
      if (other) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
      await tx.query(`update auth.users set email_change = $2 where id = $1`, [user.id, newEmail]);
      kind = 'email_change';
      address = newEmail;
    }
    const issued = await issueEmailToken(ctx, tx, user, kind, { redirectTo, address, checkFrequency: false });
    const json = await userJson(tx, user.id);
    return {
      ...json,
      action_link: issued.actionLink,
      email_otp: issued.otp,
      hashed_token: issued.hashedToken,
      verification_type: type.startsWith('email_change') ? 'email_change' : type,
      redirect_to: redirectTo,
    };
  });
  sendJson(r, 200, body);
}

/** POST /invite (internal/api/invite.go): creates the user and mails the invitation. */
async function invite(ctx: StackContext, r: AuthRequest): Promise<void> {
  const params = await readParams(r);
  const email = validateEmail(str(params, 'email'));
  const redirectTo = resolveRedirect(ctx, r.url.searchParams.get('redirect_to'));
  const body = await withMail(ctx, async (tx) => {
    let user = await findUserByEmail(tx, email, true);
    if (user?.confirmed) throw unprocessable('email_exists', MESSAGES.duplicateEmail);
    if (!user) {
      user = await createEmailUser(tx, {
        email,
        passwordHash: '',
        data: obj(params, 'data') ?? {},
        identityInMetadata: false,
      });
    }
    await sendEmail(ctx, tx, user, 'invite', { redirectTo });
    return userJson(tx, user.id);
  });
  sendJson(r, 200, body);
}
