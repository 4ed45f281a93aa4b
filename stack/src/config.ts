import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SigningJwk } from './auth/signing.ts';
import type { StackKeys } from './keys.ts';

/** The repository root (the folder holding `supabase/`, `shared/`, `web/`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `supabase start`'s API port (CONTRACTS 2). */
export const DEFAULT_PORT = 54321;

export interface AuthConfig {
  /** Off by default, as `supabase start` has it ([auth.email] enable_confirmations). */
  enableConfirmations: boolean;
  /** Where links in mails lead when the request names no redirect_to. */
  siteUrl: string;
  /** Extra redirect URLs allowed besides the site URL. */
  additionalRedirectUrls: string[];
  /** Access-token lifetime in seconds (the CLI's default). */
  jwtExpiry: number;
  /** Private JWKs of `[auth] signing_keys_path` (RS256/ES256); none: HS256 with the JWT secret. */
  signingKeys?: SigningJwk[];
}

export interface StackConfig extends StackKeys {
  port: number;
  host: string;
  /** The public URL of the gateway, e.g. http://127.0.0.1:54321. */
  url: string;
  root: string;
  auth: AuthConfig;
}

export function makeConfig(
  keys: StackKeys,
  overrides: Partial<Omit<StackConfig, keyof StackKeys>> = {},
): StackConfig {
  const port = overrides.port ?? DEFAULT_PORT;
  const host = overrides.host ?? '127.0.0.1';
  return {
    ...keys,
    port,
    host,
    url: overrides.url ?? `http://${host}:${port}`,
    root: overrides.root ?? REPO_ROOT,
    auth: {
      enableConfirmations: process.env.STACK_ENABLE_CONFIRMATIONS === 'true',
      siteUrl: process.env.STACK_SITE_URL ?? 'http://127.0.0.1:5173',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      ...overrides.auth,
    },
  };
}
