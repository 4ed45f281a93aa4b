import { createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP (RFC 6238) as GoTrue uses it through github.com/pquerna/otp: a 20-byte secret written
 * in base32 without padding, 6 digits, SHA-1, 30-second steps, and one step of skew either
 * way when checking a code (internal/api/mfa.go verifyTOTPFactor).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index === -1) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** totp.Generate's default secret: 20 random bytes. */
export const newTotpSecret = (): string => base32(randomBytes(20));

/** The 6-digit code of a secret at a 30-second step (RFC 4226 HOTP of the step). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** totp.ValidateCustom with period 30, skew 1, 6 digits, SHA-1. */
export function totpValid(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const step = Math.floor(now / 1000 / 30);
  return [step - 1, step, step + 1].some((s) => s >= 0 && totpCode(secret, s) === code);
}

/**
 * pquerna/otp's Key.URL(): `otpauth://totp/<issuer>:<account>?algorithm=SHA1&digits=6&issuer=…&period=30&secret=…`,
 * the query sorted by key as Go's url.Values.Encode sorts it.
 */
export function totpUri(issuer: string, account: string, secret: string): string {
  const query = new URLSearchParams([
    ['algorithm', 'SHA1'],
    ['digits', '6'],
    ['issuer', issuer],
    ['period', '30'],
    ['secret', secret],
  ]);
  const path = `${issuer}:${account}`
    .split('')
    .map((ch) => (/[A-Za-z0-9\-._~!$&'()*+,;=:@/]/.test(ch) ? ch : encodeURIComponent(ch)))
    .join('');
  return `otpauth://totp/${path}?${query.toString()}`;
}
