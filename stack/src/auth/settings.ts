import type { AuthConfig } from '../config.ts';
import type { StackContext } from '../context.ts';

/**
 * Auth knobs beyond the stack's `AuthConfig`, with the Supabase CLI's local defaults
 * (supabase/config.toml of `supabase init`); `supabase/config.toml` sets them at start
 * (config-file.ts). They are read from `ctx.config.auth` on every request, so a test may tune
 * them on a running stack (e.g. shorter rate-limit windows).
 */
export interface AuthTuning {
  /** [auth] minimum_password_length. */
  minimumPasswordLength: number;
  /** [auth] refresh_token_reuse_interval, seconds. */
  refreshTokenReuseInterval: number;
  /** [auth.email] otp_expiry, seconds. */
  otpExpiry: number;
  /** [auth.email] otp_length. */
  otpLength: number;
  /** [auth.email] max_frequency, seconds between two mails of one kind to one user. */
  emailMaxFrequency: number;
  /** GoTrue's default FlowStateExpiryDuration (PKCE), seconds. */
  flowStateExpiry: number;
  /**
   * Failed password sign-ins allowed per window, per client IP and per e-mail, before
   * `/token?grant_type=password` answers 429 over_request_rate_limit. The per-IP default is
   * the CLI's [auth.rate_limit] sign_in_sign_ups (30 per 5 minutes per IP).
   */
  failedSignInsPerIp: number;
  failedSignInsPerEmail: number;
  failedSignInWindowSeconds: number;
  /** [auth] enable_signup (GoTrue's DISABLE_SIGNUP, inverted). */
  enableSignup: boolean;
  /** [auth.email] enabled (formerly enable_signup): the e-mail provider (GoTrue's EXTERNAL_EMAIL_ENABLED). */
  emailEnabled: boolean;
  /** [auth.sms] enabled: the phone provider; the stack has no SMS, so it always answers as disabled. */
  phoneEnabled: boolean;
  /** [auth] password_requirements as GoTrue's PASSWORD_REQUIRED_CHARACTERS: sets of which one character each is needed. */
  passwordRequiredCharacters: string[];
  /** [auth] enable_anonymous_sign_ins. */
  enableAnonymousSignIns: boolean;
  /** [auth.rate_limit] anonymous_users: anonymous sign-ins per hour per IP. */
  anonymousSignInsPerHour: number;
  /** [auth] enable_refresh_token_rotation: whether reuse outside the interval revokes the token's family. */
  refreshTokenRotation: boolean;
  /** [auth] enable_manual_linking: /user/identities (linkIdentity, unlinkIdentity). */
  enableManualLinking: boolean;
  /** [auth.mfa] max_enrolled_factors (GoTrue's MFA_MAX_ENROLLED_FACTORS). */
  mfaMaxEnrolledFactors: number;
  /** GoTrue's MFA_MAX_VERIFIED_FACTORS (not in config.toml). */
  mfaMaxVerifiedFactors: number;
  /** [auth.mfa.totp] enroll_enabled / verify_enabled. */
  mfaTotpEnroll: boolean;
  mfaTotpVerify: boolean;
  /** [auth.mfa.phone] and [auth.mfa.web_authn]: only their "disabled" answers exist here. */
  mfaPhoneEnroll: boolean;
  mfaPhoneVerify: boolean;
  mfaWebAuthnEnroll: boolean;
  mfaWebAuthnVerify: boolean;
  /** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION, seconds. */
  mfaChallengeExpiry: number;
  /** [auth.external.<provider>] enabled: providers the stack still cannot serve (no OAuth). */
  enabledOAuthProviders: string[];
}

export type AuthSettings = AuthConfig & AuthTuning;

export const AUTH_TUNING_DEFAULTS: AuthTuning = {
  minimumPasswordLength: 6,
  refreshTokenReuseInterval: 10,
  otpExpiry: 3600,
  otpLength: 6,
  emailMaxFrequency: 1,
  flowStateExpiry: 300,
  failedSignInsPerIp: 30,
  failedSignInsPerEmail: 10,
  failedSignInWindowSeconds: 300,
  enableSignup: true,
  emailEnabled: true,
  phoneEnabled: false,
  passwordRequiredCharacters: [],
  enableAnonymousSignIns: false,
  anonymousSignInsPerHour: 30,
  refreshTokenRotation: true,
  enableManualLinking: false,
  mfaMaxEnrolledFactors: 10,
  mfaMaxVerifiedFactors: 10,
  mfaTotpEnroll: false,
  mfaTotpVerify: false,
  mfaPhoneEnroll: false,
  mfaPhoneVerify: false,
  mfaWebAuthnEnroll: false,
  mfaWebAuthnVerify: false,
  mfaChallengeExpiry: 300,
  enabledOAuthProviders: [],
};

export function authSettings(ctx: StackContext): AuthSettings {
  return { ...AUTH_TUNING_DEFAULTS, ...(ctx.config.auth as AuthConfig & Partial<AuthTuning>) };
}

/** GoTrue's `iss` claim and the base of every link it mails (API_EXTERNAL_URL + /auth/v1). */
export const authUrl = (ctx: StackContext): string => `${ctx.config.url}/auth/v1`;
