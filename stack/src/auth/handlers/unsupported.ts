import type { StackContext } from '../../context.ts';
import { type AuthError, badRequest, notFound, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { type AuthRequest, sendJson } from '../request.ts';
import { authSettings } from '../settings.ts';
import { refreshProviders } from '../users.ts';

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

/** api.go's /user/identities routes need `[auth] enable_manual_linking` (requireManualLinkingEnabled). */
function requireManualLinking(ctx: StackContext): void {
  if (!authSettings(ctx).enableManualLinking) {
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  }
}

/** GET /user/identities/authorize (identity.go LinkIdentity): as /authorize, for a signed-in user. */
export async function linkIdentity(ctx: StackContext, r: AuthRequest): Promise<void> {
  await requireUser(ctx, r);
  requireManualLinking(ctx);
  throw unsupportedProvider(r.url.searchParams.get('provider') ?? '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DELETE /user/identities/:id (identity.go DeleteIdentity). Users here have at most their
 * e-mail identity, which cannot go (single_identity_not_deletable).
 */
export async function unlinkIdentity(ctx: StackContext, r: AuthRequest, identityId: string): Promise<void> {
  const caller = await requireUser(ctx, r);
  requireManualLinking(ctx);
  if (!UUID.test(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
  const { rows } = await ctx.db.query<{ id: string }>(
    `select id::text from auth.identities where user_id = $1`,
    [caller.user.id],
  );
  if (rows.length <= 1) {
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  }
  if (!rows.some((row) => row.id === identityId.toLowerCase())) {
    throw unprocessable('identity_not_found', "Identity doesn't exist");
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(`delete from auth.identities where id = $1 and user_id = $2`, [
      identityId,
      caller.user.id,
    ]);
    await refreshProviders(tx, caller.user.id);
  });
  sendJson(r, 200, {});
}

/** POST /sso (middleware.go): SAML is off. */
export async function sso(_ctx: StackContext, _r: AuthRequest): Promise<void> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}
