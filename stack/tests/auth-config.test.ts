import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { parseAuthConfig } from '../src/auth/config-file.ts';
import { REPO_ROOT } from '../src/config.ts';
import { adminClient, authFetch, client, decodeJwt, mailTo, uniqueEmail } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

// `[auth]` of supabase/config.toml read as the Supabase CLI reads it: the keys and types of
// apps/cli-go/pkg/config/auth.go (templates/config.toml documents them), handed to GoTrue as
// internal/start/start.go buildGotrueEnv does (GOTRUE_SITE_URL, GOTRUE_JWT_EXP,
// GOTRUE_DISABLE_SIGNUP, GOTRUE_PASSWORD_MIN_LENGTH, GOTRUE_PASSWORD_REQUIRED_CHARACTERS,
// GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED, GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED,
// GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, GOTRUE_MFA_*, GOTRUE_RATE_LIMIT_*,
// GOTRUE_MAILER_*, GOTRUE_JWT_KEYS from signing_keys_path).
// The stack warns as the CLI 3.1.0 does about unknown keys and deprecated names, and ignores
// (with the CLI's message as a warning) values of the wrong type, which the CLI refuses.

describe('config.toml [auth] parsing (CLI schema)', () => {
  it('maps every setting and warns about unknown or mistyped keys', () => {
    const { settings, warnings } = parseAuthConfig(
      `
[auth]
site_url = "http://localhost:3000"
additional_redirect_urls = ["http://localhost:3000/**"]
jwt_expiry = 600
enable_sigup = false
minimum_password_length = "eight"
password_requirements = "letters_digits"
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 5

[auth.rate_limit]
sign_in_sign_ups = 5
anonymous_users = 2

[auth.email]
enable_confirmations = true
max_frequency = "2m"
otp_length = 8
otp_expiry = 900
enabled = true

[auth.sms]
enable_signup = false

[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`,
      '/nowhere',
    );
    expect(settings).toMatchObject({
      siteUrl: 'http://localhost:3000',
      additionalRedirectUrls: ['http://localhost:3000/**'],
      jwtExpiry: 600,
      passwordRequiredCharacters: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
      refreshTokenRotation: false,
      refreshTokenReuseInterval: 5,
      failedSignInsPerIp: 5,
      anonymousSignInsPerHour: 2,
      enableConfirmations: true,
      emailMaxFrequency: 120,
      otpLength: 8,
      otpExpiry: 900,
      mfaMaxEnrolledFactors: 3,
      mfaTotpEnroll: true,
      mfaTotpVerify: true,
    });
    expect(settings.minimumPasswordLength).toBeUndefined();
    expect(settings).toMatchObject({ emailEnabled: true, phoneEnabled: false });
    // The Supabase CLI 3.1.0's own words for each (run `supabase migration list` on such a file).
    expect(warnings).toEqual([
      'supabase/config.toml has keys this version of the Supabase CLI does not recognize and ignores: auth.enable_sigup. Check them for typos, remove keys older CLI versions used, or upgrade the CLI if they come from a newer version.',
      'Invalid auth.minimum_password_length in supabase/config.toml: "eight" is not a non-negative integer. supabase start refuses such a file; the local stack ignores the value and keeps its default.',
      'auth.sms.enable_signup is deprecated and will be removed in v4, use auth.sms.enabled instead.',
    ]);
  });
});

describe.each(testDatabases)('config.toml [auth] at start on %s', (database) => {
  let stack: TestStack;
  let root: string;
  let kid: string;
  let warn: MockInstance<typeof console.warn>;

  beforeAll(async () => {
    warn = vi.spyOn(console, 'warn');
    // A project of its own: the repository's database files, this test's config.toml.
    root = mkdtempSync(join(tmpdir(), 'larder-auth-config-'));
    mkdirSync(join(root, 'supabase'));
    for (const part of ['bootstrap', 'migrations', 'seed.sql']) {
      symlinkSync(join(REPO_ROOT, 'supabase', part), join(root, 'supabase', part));
    }
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    kid = `cfg-${database}-${Date.now()}`;
    const jwk = {
      ...(await exportJWK(privateKey)),
      kid,
      alg: 'ES256',
      use: 'sig',
      key_ops: ['sign', 'verify'],
    };
    writeFileSync(join(root, 'supabase', 'signing_keys.json'), JSON.stringify([jwk]));
    writeFileSync(
      join(root, 'supabase', 'config.toml'),
      `
[auth]
site_url = "http://localhost:3000"
jwt_expiry = 120
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits"
enable_anonymous_sign_ins = true
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 0
enable_manual_linking = true
signing_keys_path = "./signing_keys.json"
not_a_setting = 1

[auth.rate_limit]
anonymous_users = 1

[auth.email]
enable_confirmations = true
otp_length = 8

[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false
`,
    );
    stack = await startTestStack({ database, stack: { root } });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(root, { recursive: true, force: true });
    warn.mockRestore();
  });

  it('warns about the unknown key at start', () => {
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('does not recognize and ignores: auth.not_a_setting.'),
      ]),
    );
  });

  it('password rules, confirmations with 8-digit codes and the site URL come from the file', async () => {
    const sb = client(stack);
    const weak = await sb.auth.signUp({ email: uniqueEmail('cfgweak'), password: 'short' });
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length', 'characters'],
    });
    expect(weak.error!.message).toBe(
      'Password should be at least 10 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
    const email = uniqueEmail('cfgok');
    const ok = await sb.auth.signUp({ email, password: 'Longer-Pass1' });
    expect(ok.error).toBeNull();
    expect(ok.data.session).toBeNull();
    const [mail] = await mailTo(stack, email);
    expect(mail!.text).toMatch(/\b\d{8}\b/);
    expect(mail!.text).toContain(encodeURIComponent('http://localhost:3000'));
    const settings = await authFetch(stack, '/settings');
    expect(settings.body).toMatchObject({ mailer_autoconfirm: false, external: { anonymous_users: true } });
  });

  it('anonymous sign-ins (rate limited), signing key, jwt_expiry, refresh rotation, MFA and linking follow the file', async () => {
    const sb = client(stack);
    const { data, error } = await sb.auth.signInAnonymously();
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({
      alg: 'ES256',
      kid,
    });
    const claims = decodeJwt(token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(120);
    const limited = await client(stack).auth.signInAnonymously();
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // Rotation off: an old refresh token fails the request (outside the 0 s reuse interval, and
    // not the parent of the active one) but ends nothing (tokens/service.go).
    const refresh = (token: string) =>
      authFetch(stack, '/token?grant_type=refresh_token', { body: { refresh_token: token } });
    const first = data.session!.refresh_token;
    const second = await refresh(first);
    const third = await refresh(String(second.body.refresh_token));
    expect(third.status).toBe(200);
    const reused = await refresh(first);
    expect(reused).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
    expect((await refresh(String(third.body.refresh_token))).status).toBe(200);
    // MFA off in the file; manual linking on.
    const email = uniqueEmail('cfgmfa');
    await adminClient(stack).auth.admin.createUser({ email, password: 'Longer-Pass1', email_confirm: true });
    const named = client(stack);
    await named.auth.signInWithPassword({ email, password: 'Longer-Pass1' });
    const enroll = await named.auth.mfa.enroll({ factorType: 'totp' });
    expect(enroll.error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled' });
    const link = await named.auth.linkIdentity({ provider: 'github' });
    expect(link.error).toMatchObject({
      status: 400,
      message: 'Unsupported provider: provider is not enabled',
    });
  });
});
