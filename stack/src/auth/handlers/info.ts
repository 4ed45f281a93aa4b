import type { StackContext } from '../../context.ts';
import { type AuthRequest, sendJson } from '../request.ts';
import { authSettings } from '../settings.ts';

const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

/** GET /settings (internal/api/settings.go): e-mail sign-in only, as this stack offers. */
export async function settings(ctx: StackContext, r: AuthRequest): Promise<void> {
  const config = authSettings(ctx);
  const external: Record<string, boolean> = {
    anonymous_users: config.enableAnonymousSignIns,
    email: config.emailEnabled,
    phone: false,
  };
  for (const provider of OAUTH_PROVIDERS) external[provider] = false;
  sendJson(r, 200, {
    external,
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

/** GET /health (internal/api/health.go). */
export async function health(_ctx: StackContext, r: AuthRequest): Promise<void> {
  sendJson(r, 200, {
    version: 'larder-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}
