/**
 * The one line the stack logs and answers when a function cannot start, from what Deno printed.
 * The certificate case cannot be staged on a loopback port, so it is read from Deno's own words.
 */
import { describe, expect, it } from 'vitest';
import { bootFailureReason } from '../src/functions/worker.ts';

describe('bootFailureReason', () => {
  it('names the package a proxy with an untrusted certificate kept from downloading', () => {
    const stderr = [
      'error: Import failed: error sending request for url (https://registry.npmjs.org/@supabase%2fsupabase-js): client error (Connect): invalid peer certificate: UnknownIssuer',
    ];
    expect(bootFailureReason(stderr)).toBe(
      "cannot download @supabase/supabase-js: the server's certificate is not trusted (a proxy with its own certificate authority? name its file in DENO_CERT)",
    );
  });

  it('names the package that could not be fetched without network', () => {
    const stderr = [
      'error: Failed caching npm package.',
      '    0: error sending request for url (https://registry.npmjs.org/zod): client error (Connect): tcp connect error: Connection refused (os error 111)',
    ];
    expect(bootFailureReason(stderr)).toBe(
      'cannot download zod (https://registry.npmjs.org/zod) — no network?',
    );
  });

  it('gives Deno’s first error line otherwise, and nothing when there is none', () => {
    expect(bootFailureReason(['Warning: something', 'error: Module not found "file:///x.ts".'])).toBe(
      'error: Module not found "file:///x.ts".',
    );
    expect(bootFailureReason([])).toBeUndefined();
  });
});
