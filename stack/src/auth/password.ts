import bcrypt from 'bcryptjs';
import { AuthError, badRequest } from './errors.ts';

/** GoTrue hashes with bcrypt at cost 10 (internal/crypto/password.go). */
const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords (internal/api/password.go). */
export const MAX_PASSWORD_LENGTH = 72;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash?.startsWith('$2')) return false;
  return bcrypt.compare(password, hash);
}

export interface WeakPassword {
  message: string;
  reasons: string[];
}

/**
 * GoTrue's checkPasswordStrength (internal/api/password.go): the minimum length and the required
 * character sets of config.toml's `minimum_password_length` and `password_requirements` (no
 * HIBP). Lengths are UTF-8 bytes, as Go's `len` counts them and as bcrypt reads them: counted in
 * UTF-16 units, two passwords differing only past byte 72 could both sign in.
 */
export function weakness(
  password: string,
  minimumLength: number,
  requiredCharacters: string[] = [],
): WeakPassword | null {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_LENGTH) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const messages: string[] = [];
  const reasons: string[] = [];
  if (bytes < minimumLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minimumLength} characters.`);
  }
  if (requiredCharacters.some((set) => set !== '' && ![...set].some((ch) => password.includes(ch)))) {
    reasons.push('characters');
    messages.push(
      `Password should contain at least one character of each: ${requiredCharacters.join(', ')}.`,
    );
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : null;
}

/** As `weakness`, thrown as GoTrue's 422 weak_password with `weak_password.reasons`. */
export function assertStrong(
  password: string,
  minimumLength: number,
  requiredCharacters: string[] = [],
): void {
  const weak = weakness(password, minimumLength, requiredCharacters);
  if (weak) {
    throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
  }
}
