import { describe, expect, it } from 'vitest';
import { checkTotpCode } from './mfa.ts';

describe('checkTotpCode', () => {
  it('takes six digits, spaced as apps show them or not', () => {
    expect(checkTotpCode('123456')).toBeNull();
    expect(checkTotpCode('123 456')).toBeNull();
    expect(checkTotpCode(' 123456 ')).toBeNull();
  });

  it('says what is wrong with anything else', () => {
    expect(checkTotpCode('')).toBe('Enter the 6-digit code from your authenticator app.');
    expect(checkTotpCode('12345')).toBe('The code is 6 digits.');
    expect(checkTotpCode('1234567')).toBe('The code is 6 digits.');
    expect(checkTotpCode('12a456')).toBe('The code is 6 digits.');
  });
});
