import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * GoTrue's crypto.SecureAlphanumeric: lower-case base32 without padding. Refresh tokens are
 * 12 of these characters, stored as they are in auth.refresh_tokens (algorithm version 1).
 */
export function secureAlphanumeric(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % 32];
  return out;
}

/** A numeric one-time code of `digits` digits, zero-padded (crypto.GenerateOtp). */
export const generateOtp = (digits: number): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** GoTrue's crypto.GenerateTokenHash: hex SHA-224 of the address followed by the code. */
export const tokenHash = (emailOrPhone: string, otp: string): string =>
  createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');

export const PKCE_PREFIX = 'pkce_';
