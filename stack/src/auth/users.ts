import type { Queryable } from '../db/index.ts';

/** GoTrue prints times as RFC 3339 in UTC. */
const ts = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An identity as GoTrue's models.Identity marshals it (`id` is the provider id, `identity_id` the row id). */
export const IDENTITY_JSON = `jsonb_build_object(
  'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
  'provider', i.provider, 'created_at', ${ts('i.created_at')}, 'updated_at', ${ts('i.updated_at')}
) || jsonb_strip_nulls(jsonb_build_object('last_sign_in_at', ${ts('i.last_sign_in_at')}, 'email', i.email))`;

/** A factor as GoTrue's models.Factor marshals it (`friendly_name` omitted when empty). */
export const FACTOR_JSON = `(jsonb_build_object(
  'id', f.id, 'created_at', ${ts('f.created_at')}, 'updated_at', ${ts('f.updated_at')}, 'status', f.status,
  'factor_type', f.factor_type, 'phone', coalesce(f.phone, ''), 'last_challenged_at', ${ts('f.last_challenged_at')}
) || case when coalesce(f.friendly_name, '') <> '' then jsonb_build_object('friendly_name', f.friendly_name)
          else '{}'::jsonb end)`;

/**
 * The user object of GoTrue's models.User JSON, built in SQL from `auth.users u`: fields with
 * `omitempty` are left out when empty, `email`/`phone` are '' when null, as GoTrue does.
 */
export const USER_JSON = `(jsonb_build_object(
  'id', u.id, 'aud', coalesce(u.aud, ''), 'role', coalesce(u.role, ''),
  'email', coalesce(u.email, ''), 'phone', coalesce(u.phone, ''),
  'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb),
  'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
  'identities', (select coalesce(jsonb_agg(${IDENTITY_JSON} order by i.created_at), '[]'::jsonb)
                   from auth.identities i where i.user_id = u.id),
  'created_at', ${ts('u.created_at')}, 'updated_at', ${ts('u.updated_at')},
  'is_anonymous', coalesce(u.is_anonymous, false)
) || jsonb_strip_nulls(jsonb_build_object(
  'email_confirmed_at', ${ts('u.email_confirmed_at')}, 'phone_confirmed_at', ${ts('u.phone_confirmed_at')},
  'confirmation_sent_at', ${ts('u.confirmation_sent_at')}, 'confirmed_at', ${ts('u.confirmed_at')},
  'recovery_sent_at', ${ts('u.recovery_sent_at')}, 'invited_at', ${ts('u.invited_at')},
  'new_email', nullif(u.email_change, ''), 'email_change_sent_at', ${ts('u.email_change_sent_at')},
  'new_phone', nullif(u.phone_change, ''), 'phone_change_sent_at', ${ts('u.phone_change_sent_at')},
  'reauthentication_sent_at', ${ts('u.reauthentication_sent_at')},
  'last_sign_in_at', ${ts('u.last_sign_in_at')}, 'banned_until', ${ts('u.banned_until')},
  'deleted_at', ${ts('u.deleted_at')}
)) || coalesce((select jsonb_build_object('factors', jsonb_agg(${FACTOR_JSON} order by f.created_at))
                  from auth.mfa_factors f where f.user_id = u.id having count(*) > 0), '{}'::jsonb))`;

export type UserJson = Record<string, unknown> & { id: string; email: string };

/** The columns the handlers decide on; times as epoch seconds (null when unset). */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  confirmed: boolean;
  banned: boolean;
  is_anonymous: boolean;
  confirmation_token: string | null;
  confirmation_sent_at: number | null;
  recovery_token: string | null;
  recovery_sent_at: number | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: number | null;
  invited_at: number | null;
}

const epoch = (column: string): string =>
  `extract(epoch from ${column})::float8 as ${column.replace('u.', '')}`;

const USER_ROW = `u.id::text, coalesce(u.aud, '') as aud, coalesce(u.role, '') as role, u.email, u.phone,
  u.encrypted_password, u.email_confirmed_at is not null as confirmed,
  coalesce(u.banned_until > now(), false) as banned, coalesce(u.is_anonymous, false) as is_anonymous,
  u.confirmation_token, ${epoch('u.confirmation_sent_at')}, u.recovery_token, ${epoch('u.recovery_sent_at')},
  u.email_change, u.email_change_token_new, ${epoch('u.email_change_sent_at')},
  u.reauthentication_token, ${epoch('u.reauthentication_sent_at')}, ${epoch('u.invited_at')}`;

/** GoTrue's audience for every user the stack creates. */
export const AUDIENCE = 'authenticated';

export async function findUserByEmail(
  db: Queryable,
  email: string,
  forUpdate = false,
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_ROW} from auth.users u
      where lower(u.email) = lower($1) and u.aud = $2 and not u.is_sso_user
      ${forUpdate ? 'for update' : ''}`,
    [email, AUDIENCE],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_ROW} from auth.users u where u.id = $1 ${forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByToken(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | null> {
  // Spent tokens are stored as '': an empty hash must never match them.
  if (tokenHash === '') return null;
  // GoTrue stores PKCE tokens with a pkce_ prefix and accepts the bare hash for them too.
  const { rows } = await db.query<UserRow>(
    `select ${USER_ROW} from auth.users u where u.${column} = $1::text or u.${column} = 'pkce_' || $1::text for update`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function userJson(db: Queryable, id: string): Promise<UserJson> {
  const { rows } = await db.query<{ user: UserJson }>(
    `select ${USER_JSON} as user from auth.users u where u.id = $1`,
    [id],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished`);
  return rows[0].user;
}

/**
 * Merges `updates` into a metadata column as GoTrue's UpdateUserMetaData: keys set to null
 * are removed, others replaced.
 */
export async function mergeMetadata(
  db: Queryable,
  id: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  updates: Record<string, unknown>,
): Promise<void> {
  const removed = Object.keys(updates).filter((key) => updates[key] === null);
  const kept = Object.fromEntries(Object.entries(updates).filter(([, value]) => value !== null));
  await db.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}'::jsonb) - $2::text[]) || $3::jsonb, updated_at = now()
      where id = $1`,
    [id, removed, JSON.stringify(kept)],
  );
}

/** GoTrue's user.Confirm: confirmed now, the confirmation token spent, email_verified noted. */
export async function confirmEmail(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
      where id = $1`,
    [id],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [id]);
}

/** Sets `app_metadata.providers` from the user's identities (GoTrue's UpdateAppMetaDataProviders). */
export async function refreshProviders(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || p.meta
       from (select jsonb_build_object('providers', coalesce(jsonb_agg(distinct provider), '[]'::jsonb))
                    || coalesce(jsonb_build_object('provider', min(provider)), '{}'::jsonb) as meta
               from auth.identities where user_id = $1) p
      where u.id = $1 and jsonb_array_length(p.meta -> 'providers') > 0`,
    [id],
  );
}
