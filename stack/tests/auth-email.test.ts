/**
 * Auth conformance for the mailed flows: recovery, e-mail OTP and magic links, confirmation
 * on sign-up, resend, reauthentication, e-mail change and PKCE, through supabase-js and raw
 * HTTP, reading the stack's outbox at /_local/mail. Expected behaviour is GoTrue's
 * (github.com/supabase/auth internal/api/{recover,otp,magic_link,verify,resend,
 * reauthenticate,user}.go and internal/mailer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  authFetch,
  client,
  codeIn,
  decodeJwt,
  follow,
  fragment,
  mailTo,
  uniqueEmail,
  withTuning,
} from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const APP = 'http://127.0.0.1:5173';

describe.each(testDatabases)('auth e-mail flows on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function member(name: string) {
    const email = uniqueEmail(name);
    const { error } = await client(stack).auth.signUp({ email, password: 'correct-horse' });
    expect(error).toBeNull();
    return email;
  }

  it('recovers a password: mailed link → /verify → session in the fragment → new password (recover.go, verify.go)', async () => {
    const email = await member('recover');
    const sb = client(stack);
    const { error } = await sb.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset-password` });
    expect(error).toBeNull();
    const [mail] = await mailTo(stack, email);
    expect(mail?.subject).toBe('Reset your password');
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${APP}/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);

    const landed = await follow(link.toString());
    expect(`${landed.origin}${landed.pathname}`).toBe(`${APP}/reset-password`);
    const params = fragment(landed);
    expect(params.type).toBe('recovery');
    expect(params.token_type).toBe('bearer');
    expect(Number(params.expires_in)).toBe(3600);

    const set = await sb.auth.setSession({
      access_token: params.access_token!,
      refresh_token: params.refresh_token!,
    });
    expect(set.error).toBeNull();
    expect((await sb.auth.updateUser({ password: 'new-secret-1' })).error).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'new-secret-1' })).error,
    ).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'correct-horse' })).error?.code,
    ).toBe('invalid_credentials');

    // The link is spent: following it again lands with GoTrue's error fragment.
    const again = fragment(await follow(link.toString()));
    expect(again).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('answers /recover for unknown addresses without sending anything', async () => {
    const email = uniqueEmail('ghost');
    const { error } = await client(stack).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(await mailTo(stack, email)).toEqual([]);
    const bad = await authFetch(stack, '/recover', { body: {} });
    expect(bad.body).toEqual({ code: 'validation_failed', message: 'Password recovery requires an email' });
  });

  it('signs in with an e-mailed code (signInWithOtp → verifyOtp type email)', async () => {
    const email = await member('otp');
    const sb = client(stack);
    expect((await sb.auth.signInWithOtp({ email })).error).toBeNull();
    const [mail] = await mailTo(stack, email);
    expect(mail?.subject).toBe('Your sign-in link');
    const code = codeIn(mail!);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await sb.auth.verifyOtp({ email, token: wrongCode, type: 'email' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');

    const { data, error } = await sb.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(decodeJwt(data.session!.access_token).amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);
    expect((await sb.auth.getUser()).data.user?.email).toBe(email);
    // One use only.
    expect((await client(stack).auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe(
      'otp_expired',
    );
  });

  it('creates a user for an OTP sign-in unless shouldCreateUser is false (otp.go)', async () => {
    const email = uniqueEmail('newotp');
    const refused = await client(stack).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.message).toBe('Signups not allowed for otp');

    const sb = client(stack);
    expect(
      (await sb.auth.signInWithOtp({ email, options: { data: { full_name: 'Otto' } } })).error,
    ).toBeNull();
    const [mail] = await mailTo(stack, email);
    const { data, error } = await sb.auth.verifyOtp({ email, token: codeIn(mail!), type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Otto');
  });

  it('verifies a token hash from an admin-generated magic link (verifyOtp token_hash)', async () => {
    const email = await member('hash');
    const link = await adminClient(stack).auth.admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    const hash = link.data.properties!.hashed_token;
    expect(link.data.properties!.verification_type).toBe('magiclink');
    expect(link.data.properties!.action_link).toContain(`token=${hash}`);
    const sb = client(stack);
    const { data, error } = await sb.auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const spent = await client(stack).auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(spent.error?.code).toBe('otp_expired');
    expect(spent.error?.message).toBe('Email link is invalid or has expired');
  });

  it('with confirmations on: sign-up mails a link, sign-in waits for it, resend replaces it (signup.go, resend.go)', async () => {
    await withTuning(stack, { enableConfirmations: true, emailMaxFrequency: 0 }, async () => {
      const email = uniqueEmail('confirm');
      const sb = client(stack);
      const up = await sb.auth.signUp({
        email,
        password: 'correct-horse',
        options: { emailRedirectTo: `${APP}/welcome`, data: { full_name: 'Cora' } },
      });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      expect(up.data.user?.email).toBe(email);
      expect(up.data.user?.email_confirmed_at).toBeUndefined();
      expect(up.data.user?.confirmation_sent_at).toBeTruthy();

      const early = await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
      expect(early.error?.status).toBe(400);
      expect(early.error?.code).toBe('email_not_confirmed');
      expect(early.error?.message).toBe('Email not confirmed');

      const [first] = await mailTo(stack, email);
      expect(first?.subject).toBe('Confirm your email address');
      expect(
        (await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${APP}/welcome` } }))
          .error,
      ).toBeNull();
      const mails = await mailTo(stack, email);
      expect(mails).toHaveLength(2);
      const stale = fragment(await follow(first!.links[0]!));
      expect(stale.error_code).toBe('otp_expired');

      const landed = await follow(mails[0]!.links[0]!);
      expect(`${landed.origin}${landed.pathname}`).toBe(`${APP}/welcome`);
      expect(fragment(landed).type).toBe('signup');
      const { data, error } = await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
      expect(error).toBeNull();
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(data.user?.user_metadata).toMatchObject({ full_name: 'Cora', email_verified: true });

      // A confirmed address signing up again gets an obfuscated user and no mail (sanitizeUser).
      const again = await client(stack).auth.signUp({ email, password: 'correct-horse' });
      expect(again.error).toBeNull();
      expect(again.data.session).toBeNull();
      expect(again.data.user?.id).not.toBe(data.user?.id);
      expect(await mailTo(stack, email)).toHaveLength(2);
    });
  });

  it('limits mails of one kind per user to one per max_frequency (over_email_send_rate_limit)', async () => {
    const email = await member('freq');
    await withTuning(stack, { emailMaxFrequency: 60 }, async () => {
      expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull();
      const second = await client(stack).auth.resetPasswordForEmail(email);
      expect(second.error?.status).toBe(429);
      expect(second.error?.code).toBe('over_email_send_rate_limit');
      expect(second.error?.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    });
    expect(await mailTo(stack, email)).toHaveLength(1);
  });

  it('exchanges a PKCE code from a mailed link for a session (pkce.go, token.go PKCE)', async () => {
    const email = await member('pkce');
    const sb = client(stack, stack.anonKey, 'pkce');
    expect(
      (await sb.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset-password` })).error,
    ).toBeNull();
    const [mail] = await mailTo(stack, email);
    const link = new URL(mail!.links[0]!);
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const landed = await follow(link.toString());
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(landed.hash).toBe('');
    const { data, error } = await sb.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // The code is single-use, and a stranger's verifier never matches.
    const replay = await authFetch(stack, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(replay.status).toBe(404);
    expect(replay.body.code).toBe('flow_state_not_found');
  });

  it('reauthenticates with a mailed nonce before a password change (reauthenticate.go)', async () => {
    const email = await member('reauth');
    const sb = client(stack);
    await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
    expect((await sb.auth.reauthenticate()).error).toBeNull();
    const [mail] = await mailTo(stack, email);
    const nonce = codeIn(mail!);
    expect(mail?.subject).toBe(`${nonce} is your verification code`);
    const bad = await sb.auth.updateUser({
      password: 'fresh-secret',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(bad.error?.code).toBe('reauthentication_not_valid');
    expect((await sb.auth.updateUser({ password: 'fresh-secret', nonce })).error).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'fresh-secret' })).error,
    ).toBeNull();
  });

  it('changes the e-mail address once the link mailed to the new one is followed (user.go, verify.go)', async () => {
    const email = await member('change');
    const newEmail = uniqueEmail('changed');
    const taken = await member('taken');
    const sb = client(stack);
    await sb.auth.signInWithPassword({ email, password: 'correct-horse' });
    const clash = await sb.auth.updateUser({ email: taken });
    expect(clash.error?.status).toBe(422);
    expect(clash.error?.code).toBe('email_exists');

    const pending = await sb.auth.updateUser({ email: newEmail });
    expect(pending.error).toBeNull();
    expect(pending.data.user?.email).toBe(email);
    expect(pending.data.user?.new_email).toBe(newEmail);
    const [mail] = await mailTo(stack, newEmail);
    expect(mail?.subject).toBe('Confirm your new email address');
    expect(fragment(await follow(mail!.links[0]!)).type).toBe('email_change');
    expect(
      (await client(stack).auth.signInWithPassword({ email: newEmail, password: 'correct-horse' })).error,
    ).toBeNull();
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'correct-horse' })).error?.code,
    ).toBe('invalid_credentials');
  });

  it('refuses bad /verify input with GoTrue messages, and never matches a spent (empty) token', async () => {
    const noType = await authFetch(stack, '/verify', { body: { token_hash: 'abc' } });
    expect(noType.body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    });
    const both = await authFetch(stack, '/verify', {
      body: { type: 'email', token: '1', token_hash: 'abc' },
    });
    expect(both.body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires either a token or a token hash',
    });
    // Spent tokens are stored empty; an empty or prefix-only hash must not match them. Make
    // sure users with freshly spent confirmation and recovery tokens exist.
    await withTuning(stack, { enableConfirmations: true }, async () => {
      const email = uniqueEmail('spent');
      await client(stack).auth.signUp({ email, password: 'correct-horse' });
      await follow((await mailTo(stack, email))[0]!.links[0]!);
      await client(stack).auth.resetPasswordForEmail(email);
      await follow((await mailTo(stack, email))[0]!.links[0]!);
    });
    for (const token_hash of ['pkce_', ' ']) {
      for (const type of ['signup', 'recovery', 'email']) {
        const empty = await authFetch(stack, '/verify', { body: { type, token_hash } });
        expect(empty.status).toBe(403);
        expect(empty.body.code).toBe('otp_expired');
      }
    }
    const emptyLink = await fetch(`${stack.url}/auth/v1/verify?token=pkce_&type=signup`, {
      redirect: 'manual',
    });
    expect(fragment(new URL(emptyLink.headers.get('location')!)).error_code).toBe('otp_expired');
    const unknown = await authFetch(stack, '/verify', {
      body: { type: 'recovery', token_hash: 'f'.repeat(56) },
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });
});
