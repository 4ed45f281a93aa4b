import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'smol-toml';
import type { AuthSettings } from './settings.ts';
import type { SigningJwk } from './signing.ts';

/**
 * The `[auth]` part of `supabase/config.toml`, read as the Supabase CLI this repository pins
 * (3.1.0) reads it: the keys and types of its schema (apps/cli-go/pkg/config/auth.go,
 * packages/config/src/auth/*.ts; `auth.email.enabled` / `auth.sms.enabled` with
 * `enable_signup` as their deprecated names), numbers and booleans also accepted as strings,
 * and handed on as GoTrue settings (internal/start/start.go buildGotrueEnv). Like the CLI, the
 * stack warns about keys it does not know and ignores them; a value of the wrong type, which
 * the CLI refuses with its "Invalid …" message, is ignored with that message as a warning.
 */

type Kind =
  | 'string'
  | 'bool'
  | 'uint'
  | 'strings'
  | 'duration'
  | { oneOf: string[] }
  | { table: Shape }
  | { mapOf: Kind };
interface Shape {
  [key: string]: Kind;
}

const ENABLED_ONLY: Shape = { enabled: 'bool' };
const FACTOR: Shape = { enroll_enabled: 'bool', verify_enabled: 'bool' };
const TEMPLATE: Shape = { subject: 'string', content_path: 'string' };
const SMS_PROVIDER: Shape = {
  enabled: 'bool',
  account_sid: 'string',
  message_service_sid: 'string',
  auth_token: 'string',
  originator: 'string',
  access_key: 'string',
  sender: 'string',
  api_key: 'string',
  from: 'string',
  api_secret: 'string',
};
const HOOK: Shape = { enabled: 'bool', uri: 'string', secrets: 'string' };

/** Every key the CLI accepts under [auth], with its type (auth.go's struct tags). */
const AUTH_SHAPE: Shape = {
  enabled: 'bool',
  site_url: 'string',
  external_url: 'string',
  additional_redirect_urls: 'strings',
  jwt_expiry: 'uint',
  jwt_issuer: 'string',
  enable_refresh_token_rotation: 'bool',
  refresh_token_reuse_interval: 'uint',
  enable_manual_linking: 'bool',
  enable_signup: 'bool',
  enable_anonymous_sign_ins: 'bool',
  minimum_password_length: 'uint',
  password_requirements: {
    oneOf: ['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'],
  },
  signing_keys_path: 'string',
  passkey: { table: ENABLED_ONLY },
  webauthn: { table: { rp_display_name: 'string', rp_id: 'string', rp_origins: 'strings' } },
  rate_limit: {
    table: {
      anonymous_users: 'uint',
      token_refresh: 'uint',
      sign_in_sign_ups: 'uint',
      token_verifications: 'uint',
      email_sent: 'uint',
      sms_sent: 'uint',
      web3: 'uint',
    },
  },
  captcha: { table: { enabled: 'bool', provider: { oneOf: ['hcaptcha', 'turnstile'] }, secret: 'string' } },
  hook: {
    table: {
      mfa_verification_attempt: { table: HOOK },
      password_verification_attempt: { table: HOOK },
      custom_access_token: { table: HOOK },
      send_sms: { table: HOOK },
      send_email: { table: HOOK },
      before_user_created: { table: HOOK },
    },
  },
  mfa: {
    table: {
      totp: { table: FACTOR },
      phone: { table: { ...FACTOR, otp_length: 'uint', template: 'string', max_frequency: 'duration' } },
      web_authn: { table: FACTOR },
      max_enrolled_factors: 'uint',
    },
  },
  sessions: { table: { timebox: 'duration', inactivity_timeout: 'duration' } },
  email: {
    table: {
      enabled: 'bool',
      enable_signup: 'bool',
      double_confirm_changes: 'bool',
      enable_confirmations: 'bool',
      secure_password_change: 'bool',
      template: { mapOf: { table: TEMPLATE } },
      notification: { mapOf: { table: { enabled: 'bool', ...TEMPLATE } } },
      smtp: {
        table: {
          enabled: 'bool',
          host: 'string',
          port: 'uint',
          user: 'string',
          pass: 'string',
          admin_email: 'string',
          sender_name: 'string',
        },
      },
      max_frequency: 'duration',
      otp_length: 'uint',
      otp_expiry: 'uint',
    },
  },
  sms: {
    table: {
      enabled: 'bool',
      enable_signup: 'bool',
      enable_confirmations: 'bool',
      template: 'string',
      twilio: { table: SMS_PROVIDER },
      twilio_verify: { table: SMS_PROVIDER },
      messagebird: { table: SMS_PROVIDER },
      textlocal: { table: SMS_PROVIDER },
      vonage: { table: SMS_PROVIDER },
      test_otp: { mapOf: 'string' },
      max_frequency: 'duration',
    },
  },
  external: {
    mapOf: {
      table: {
        enabled: 'bool',
        client_id: 'string',
        secret: 'string',
        url: 'string',
        redirect_uri: 'string',
        skip_nonce_check: 'bool',
        email_optional: 'bool',
      },
    },
  },
  web3: { table: { solana: { table: ENABLED_ONLY }, ethereum: { table: ENABLED_ONLY } } },
  oauth_server: {
    table: { enabled: 'bool', allow_dynamic_registration: 'bool', authorization_url_path: 'string' },
  },
  third_party: {
    table: {
      firebase: { table: { enabled: 'bool', project_id: 'string' } },
      auth0: { table: { enabled: 'bool', tenant: 'string', tenant_region: 'string' } },
      aws_cognito: { table: { enabled: 'bool', user_pool_id: 'string', user_pool_region: 'string' } },
      clerk: { table: { enabled: 'bool', domain: 'string' } },
      workos: { table: { enabled: 'bool', issuer_url: 'string' } },
    },
  },
  publishable_key: 'string',
  secret_key: 'string',
  jwt_secret: 'string',
  anon_key: 'string',
  service_role_key: 'string',
};

const GO_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Go's time.ParseDuration, in seconds; undefined when the text is not one. */
export function goDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return undefined;
  return parts.reduce((sum, p) => sum + Number(p[1]) * GO_UNITS[p[2]!]!, 0);
}

/** The CLI's LoadEnvHook: a string `env(NAME)` is that environment variable when it is set. */
const fromEnv = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const m = /^env\((\w+)\)$/.exec(value);
  return m && process.env[m[1]!] !== undefined ? process.env[m[1]!] : value;
};

const quoted = (v: unknown): string => JSON.stringify(typeof v === 'string' ? v : String(v));

/** The value as the CLI decodes it (numeric and boolean strings included), or why it cannot be one. */
function coerce(value: unknown, kind: Kind): { ok: true; value: unknown } | { ok: false; why: string } {
  const v = fromEnv(value);
  if (kind === 'string') {
    return typeof v === 'string'
      ? { ok: true, value: v }
      : { ok: false, why: `expected a string, got a ${typeof v}.` };
  }
  if (kind === 'bool') {
    if (typeof v === 'boolean') return { ok: true, value: v };
    if (v === 'true' || v === 'false') return { ok: true, value: v === 'true' };
    return { ok: false, why: `${quoted(v)} is not true or false.` };
  }
  if (kind === 'uint') {
    const n =
      typeof v === 'number' || typeof v === 'bigint'
        ? Number(v)
        : typeof v === 'string' && /^\d+$/.test(v)
          ? Number(v)
          : Number.NaN;
    return Number.isInteger(n) && n >= 0
      ? { ok: true, value: n }
      : { ok: false, why: `${quoted(v)} is not a non-negative integer.` };
  }
  if (kind === 'strings') {
    if (typeof v === 'string') return { ok: true, value: [v] };
    return Array.isArray(v) && v.every((s) => typeof s === 'string')
      ? { ok: true, value: v }
      : { ok: false, why: 'expected an array of strings.' };
  }
  if (kind === 'duration') {
    return typeof v === 'string' && goDuration(v) !== undefined
      ? { ok: true, value: v }
      : { ok: false, why: `${quoted(v)} is not a duration such as "1s", "5m" or "24h".` };
  }
  if ('oneOf' in kind) {
    return typeof v === 'string' && kind.oneOf.includes(v)
      ? { ok: true, value: v }
      : {
          ok: false,
          why: `${quoted(v)} is not one of ${kind.oneOf.map((o) => JSON.stringify(o)).join(', ')}.`,
        };
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? { ok: true, value: v }
    : { ok: false, why: 'expected a table.' };
}

/** Walks a value against the schema, collecting unknown keys and invalid values. */
function check(value: unknown, kind: Kind, path: string, unknown: string[], warnings: string[]): void {
  const result = coerce(value, kind);
  if (!result.ok) {
    warnings.push(
      `Invalid ${path} in supabase/config.toml: ${result.why} supabase start refuses such a file; the local stack ignores the value and keeps its default.`,
    );
    return;
  }
  if (typeof kind !== 'object' || 'oneOf' in kind) return;
  for (const [key, inner] of Object.entries(result.value as Record<string, unknown>)) {
    const sub = 'table' in kind ? kind.table[key] : kind.mapOf;
    if (sub === undefined) unknown.push(`${path}.${key}`);
    else check(inner, sub, `${path}.${key}`, unknown, warnings);
  }
}

/** GoTrue's PASSWORD_REQUIRED_CHARACTERS for each password_requirements value (CLI's ToChar). */
export const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

export interface AuthFileConfig {
  settings: Partial<AuthSettings>;
  warnings: string[];
}

/** Reads `[auth]` of config.toml text; `supabaseDir` resolves signing_keys_path as the CLI does. */
export function parseAuthConfig(text: string, supabaseDir: string): AuthFileConfig {
  const warnings: string[] = [];
  const settings: Partial<AuthSettings> = {};
  const toml = parse(text) as { auth?: unknown };
  const auth = toml.auth;
  if (auth === undefined) return { settings, warnings };
  if (typeof auth !== 'object' || auth === null || Array.isArray(auth)) {
    warnings.push('supabase/config.toml: [auth] must be a table; the local stack ignores it');
    return { settings, warnings };
  }
  const valid = (path: string[]): unknown => {
    let kind: Kind = { table: AUTH_SHAPE };
    let value: unknown = auth;
    for (const key of path) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[key];
      kind = typeof kind === 'object' && 'table' in kind ? kind.table[key]! : kind;
      if (value === undefined) return undefined;
    }
    const result = coerce(value, kind);
    return result.ok ? result.value : undefined;
  };
  // Validate everything once, for the warnings; then take the values the stack uses.
  const unknown: string[] = [];
  check(auth, { table: AUTH_SHAPE }, 'auth', unknown, warnings);
  if (unknown.length > 0) {
    warnings.unshift(
      `supabase/config.toml has keys this version of the Supabase CLI does not recognize and ignores: ${unknown.join(', ')}. Check them for typos, remove keys older CLI versions used, or upgrade the CLI if they come from a newer version.`,
    );
  }
  for (const section of ['email', 'sms']) {
    if (valid([section, 'enable_signup']) !== undefined) {
      warnings.push(
        `auth.${section}.enable_signup is deprecated and will be removed in v4, use auth.${section}.enabled instead.`,
      );
    }
  }
  const set = <K extends keyof AuthSettings>(
    key: K,
    value: unknown,
    map: (v: never) => AuthSettings[K] = (v) => v,
  ) => {
    if (value !== undefined) settings[key] = map(value as never);
  };
  set('siteUrl', valid(['site_url']));
  set('additionalRedirectUrls', valid(['additional_redirect_urls']));
  set('jwtExpiry', valid(['jwt_expiry']), (v: number) => Number(v));
  set('enableSignup', valid(['enable_signup']));
  set('minimumPasswordLength', valid(['minimum_password_length']), (v: number) => Number(v));
  set(
    'passwordRequiredCharacters',
    valid(['password_requirements']),
    (v: string) => PASSWORD_REQUIREMENTS[v]!,
  );
  set('enableAnonymousSignIns', valid(['enable_anonymous_sign_ins']));
  set('refreshTokenRotation', valid(['enable_refresh_token_rotation']));
  set('refreshTokenReuseInterval', valid(['refresh_token_reuse_interval']), (v: number) => Number(v));
  set('enableManualLinking', valid(['enable_manual_linking']));
  set('mfaMaxEnrolledFactors', valid(['mfa', 'max_enrolled_factors']), (v: number) => Number(v));
  set('mfaTotpEnroll', valid(['mfa', 'totp', 'enroll_enabled']));
  set('mfaTotpVerify', valid(['mfa', 'totp', 'verify_enabled']));
  set('mfaPhoneEnroll', valid(['mfa', 'phone', 'enroll_enabled']));
  set('mfaPhoneVerify', valid(['mfa', 'phone', 'verify_enabled']));
  set('mfaWebAuthnEnroll', valid(['mfa', 'web_authn', 'enroll_enabled']));
  set('mfaWebAuthnVerify', valid(['mfa', 'web_authn', 'verify_enabled']));
  set('failedSignInsPerIp', valid(['rate_limit', 'sign_in_sign_ups']), (v: number) => Number(v));
  set('anonymousSignInsPerHour', valid(['rate_limit', 'anonymous_users']), (v: number) => Number(v));
  set('emailEnabled', valid(['email', 'enabled']) ?? valid(['email', 'enable_signup']));
  set('enableConfirmations', valid(['email', 'enable_confirmations']));
  set('emailMaxFrequency', valid(['email', 'max_frequency']), (v: string) => goDuration(v)!);
  set('otpLength', valid(['email', 'otp_length']), (v: number) => Number(v));
  set('otpExpiry', valid(['email', 'otp_expiry']), (v: number) => Number(v));
  set('phoneEnabled', valid(['sms', 'enabled']) ?? valid(['sms', 'enable_signup']));
  const external = valid(['external']) as Record<string, { enabled?: unknown }> | undefined;
  if (external) {
    settings.enabledOAuthProviders = Object.entries(external)
      .filter(([, p]) => p && p.enabled === true)
      .map(([name]) => name);
  }
  const keysPath = valid(['signing_keys_path']);
  if (typeof keysPath === 'string' && keysPath !== '') {
    const file = isAbsolute(keysPath) ? keysPath : join(supabaseDir, keysPath);
    let keys: unknown;
    try {
      keys = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      // The CLI stops here too ("failed to read signing keys" / "failed to decode signing keys").
      throw new Error(
        `supabase/config.toml: auth.signing_keys_path: cannot read ${file}: ${(error as Error).message}`,
      );
    }
    if (!Array.isArray(keys)) {
      throw new Error(`supabase/config.toml: auth.signing_keys_path: ${file} must hold a JSON array of JWKs`);
    }
    settings.signingKeys = keys as SigningJwk[];
  }
  return { settings, warnings };
}

/** `[auth]` of the repository's supabase/config.toml (nothing when there is no file). */
export function readAuthConfig(root: string): AuthFileConfig {
  const dir = join(root, 'supabase');
  let text: string;
  try {
    text = readFileSync(join(dir, 'config.toml'), 'utf8');
  } catch {
    return { settings: {}, warnings: [] };
  }
  return parseAuthConfig(text, dir);
}
