/**
 * Input that once made the Auth API answer 500, or accept what GoTrue refuses (issue 14): a
 * password over 72 bytes but not 72 characters, and NUL characters where PostgreSQL's text
 * cannot hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, uniqueEmail } from '../tests/support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from '../tests/support/stack.ts';

describe.each(testDatabases)('hostile Auth input on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it('refuses a password over 72 bytes, counted as bcrypt counts them', async () => {
    // 40 characters, 80 bytes: bcrypt would read only the first 72, so a different
    // password sharing them would sign in too.
    const password = 'é'.repeat(40);
    const res = await authFetch(stack, '/signup', { body: { email: uniqueEmail('accents'), password } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    const fits = await authFetch(stack, '/signup', {
      body: { email: uniqueEmail('accents'), password: 'é'.repeat(36) },
    });
    expect(fits.status).toBe(200);
  });

  it('answers NUL characters in an e-mail or a refresh token with a 4xx, not a 500', async () => {
    const cases = [
      ['/signup', { email: 'nul\u0000@example.com', password: 'correct-horse-battery' }],
      ['/token?grant_type=password', { email: 'nul\u0000@example.com', password: 'correct-horse-battery' }],
      ['/token?grant_type=refresh_token', { refresh_token: 'abc\u0000def' }],
      ['/recover', { email: 'nul\u0000@example.com' }],
      ['/otp', { email: 'nul\u0000@example.com' }],
    ] as const;
    for (const [path, body] of cases) {
      const res = await authFetch(stack, path, { body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expect((await authFetch(stack, '/health')).status).toBe(200);
  });
});
