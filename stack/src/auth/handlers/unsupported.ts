import type { StackContext } from '../../context.ts';
import { type AuthError, badRequest, notFound, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { type AuthRequest, readParams, str } from '../request.ts';

/**
 * What GoTrue answers for the features this stack leaves off (OAuth providers, identity
 * linking, MFA, SSO), so supabase-js surfaces the same errors as against a project where
 * they are disabled.
 */
const OAUTH_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'snapchat',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]);

function unsupportedProvider(provider: string): AuthError {
  const reason = OAUTH_PROVIDERS.has(provider.toLowerCase())
    ? 'provider is not enabled'
    : `Provider ${provider} could not be found`;
  return badRequest('validation_failed', `Unsupported provider: ${reason}`);
}

/** GET /authorize?provider=… (external.go): no OAuth provider is enabled here. */
export async function authorize(_ctx: StackContext, r: AuthRequest): Promise<void> {
  throw unsupportedProvider(r.url.searchParams.get('provider') ?? '');
}

/** GET /user/identities/authorize (linkIdentity): as /authorize, for a signed-in user. */
export async function linkIdentity(ctx: StackContext, r: AuthRequest): Promise<void> {
  await requireUser(ctx, r);
  throw unsupportedProvider(r.url.searchParams.get('provider') ?? '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DELETE /user/identities/:id (identity.go): every user here has only the e-mail identity. */
export async function unlinkIdentity(ctx: StackContext, r: AuthRequest, identityId: string): Promise<void> {
  if (!UUID.test(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
  await requireUser(ctx, r);
  throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
}

/** POST /factors (mfa.go EnrollFactor): MFA enrolment is off, as in the CLI's default config. */
export async function enrollFactor(ctx: StackContext, r: AuthRequest): Promise<void> {
  await requireUser(ctx, r);
  const type = str(await readParams(r), 'factor_type');
  if (type === 'phone')
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (type === 'totp') throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

/** /factors/:id/…: no factor can exist. */
export async function factorAction(ctx: StackContext, r: AuthRequest): Promise<void> {
  await requireUser(ctx, r);
  throw notFound('mfa_factor_not_found', 'Factor not found');
}

/** POST /sso (middleware.go): SAML is off. */
export async function sso(_ctx: StackContext, _r: AuthRequest): Promise<void> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}
