import type { Factor } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase.ts';
import { FieldErrors } from './api.ts';

/** A TOTP enrolment waiting for its first code: what the person scans or types into their app. */
export interface PendingTotp {
  factorId: string;
  /** The QR code of the otpauth URI, as an image URL (supabase-js makes GoTrue's SVG a data URL). */
  qrCode: string;
  secret: string;
  uri: string;
}

/** The name an authenticator app gets when the person gives none. */
export const DEFAULT_FACTOR_NAME = 'Authenticator app';
const FACTOR_NAME_MAX = 60;

/** A code as authenticator apps show it: six digits, often spaced '123 456'. */
export function checkTotpCode(text: string): string | null {
  const code = text.replace(/\s+/g, '');
  if (code === '') return 'Enter the 6-digit code from your authenticator app.';
  return /^\d{6}$/.test(code) ? null : 'The code is 6 digits.';
}

function readCode(text: string): string {
  const problem = checkTotpCode(text);
  if (problem) throw new FieldErrors({ code: problem });
  return text.replace(/\s+/g, '');
}

/** The person's verified authenticator apps (auth.mfa.listFactors), oldest first. */
export async function listTotpFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp;
}

/**
 * Starts adding an authenticator app (auth.mfa.enroll): GoTrue makes the secret and its QR code.
 * Enrolments left unfinished earlier (never verified) are removed first, so a retry never
 * collides with its own earlier name.
 */
export async function startTotpEnrolment(name: string): Promise<PendingTotp> {
  const friendlyName = name.trim().replace(/\s+/g, ' ').slice(0, FACTOR_NAME_MAX) || DEFAULT_FACTOR_NAME;
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const stale of listed.data.all.filter((f) => f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
    if (error) throw error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/**
 * Checks a code for a factor (auth.mfa.challengeAndVerify). On success supabase-js stores the new
 * aal2 session and announces it (MFA_CHALLENGE_VERIFIED), which the auth store follows.
 */
export async function verifyTotp(factorId: string, codeText: string): Promise<void> {
  const code = readCode(codeText);
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

/** Removes an authenticator app (auth.mfa.unenroll); a verified one needs an aal2 session. */
export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** Signs in the second step: the code of the person's first verified authenticator app. */
export async function verifySignInCode(codeText: string): Promise<void> {
  const code = readCode(codeText);
  const [factor] = await listTotpFactors();
  if (!factor) return;
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}
