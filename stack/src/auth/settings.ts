import type { AuthConfig } from '../config.ts';
import type { StackContext } from '../context.ts';

/**
 * Auth knobs beyond the stack's `AuthConfig`, with the Supabase CLI's local defaults
 * (supabase/config.toml of `supabase init`). They are read from `ctx.config.auth` on every
 * request, so a test may tune them on a running stack (e.g. shorter rate-limit windows).
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
};

export function authSettings(ctx: StackContext): AuthSettings {
  return { ...AUTH_TUNING_DEFAULTS, ...(ctx.config.auth as AuthConfig & Partial<AuthTuning>) };
}

/** GoTrue's `iss` claim and the base of every link it mails (API_EXTERNAL_URL + /auth/v1). */
export const authUrl = (ctx: StackContext): string => `${ctx.config.url}/auth/v1`;
