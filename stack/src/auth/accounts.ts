import type { Queryable } from '../db/index.ts';
import { AUDIENCE, findUserById, type UserRow } from './users.ts';

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export interface NewUser {
  email: string;
  /** bcrypt hash, or '' for none (GoTrue stores '' for passwordless users). */
  passwordHash: string;
  data: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  id?: string;
  /**
   * Whether user_metadata becomes the identity data (sub, email, email_verified,
   * phone_verified, then `data`), as a sign-up does (signup.go calls
   * models.User.RemoveUnconfirmedIdentities). The admin API, invitations and generated links
   * keep `data` alone (admin.go adminUserCreate, invite.go, mail.go adminGenerateLink).
   */
  identityInMetadata?: boolean;
}

/**
 * Creates an e-mail user with its 'email' identity, as GoTrue does: the identity data is
 * sub, email, email_verified, phone_verified (provider.Claims), plus a sign-up's data;
 * app_metadata names the provider. The `public.users` row comes from the database trigger on
 * auth.users.
 */
export async function createEmailUser(tx: Queryable, input: NewUser): Promise<UserRow> {
  const { rows } = await tx.query<{ id: string }>(
    `select coalesce($1::uuid, gen_random_uuid())::text as id`,
    [input.id ?? null],
  );
  const id = rows[0]!.id;
  const identityData: Record<string, unknown> = {
    sub: id,
    email: input.email,
    email_verified: false,
    phone_verified: false,
  };
  const signup = input.identityInMetadata ?? true;
  if (signup) {
    for (const [key, value] of Object.entries(input.data))
      if (!(key in identityData)) identityData[key] = value;
  }
  const userMetadata = signup ? identityData : input.data;
  const appMetadata = { provider: 'email', providers: ['email'], ...input.appMetadata };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new,
       email_change, email_change_token_current, reauthentication_token, phone_change, phone_change_token,
       is_sso_user, is_anonymous)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, now(), now(), '', '', '', '', '', '', '', '', false, false)`,
    [
      INSTANCE_ID,
      id,
      AUDIENCE,
      input.role ?? 'authenticated',
      input.email,
      input.passwordHash,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return (await findUserById(tx, id))!;
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}
