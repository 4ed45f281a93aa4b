import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, authFetch, client, decodeJwt, uniqueEmail, withTuning } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

// Supabase Auth (github.com/supabase/auth) as supabase-js sees it, for the admin API, anonymous
// sign-ins, identity linking and providers that are off. Sources: internal/api/admin.go
// (adminUserCreate, adminUsers), internal/api/pagination.go (paginate, addPaginationHeaders),
// internal/api/provider/provider.go (Claims), internal/models/user.go (NewUser, Confirm),
// internal/api/api.go (the /signup route, requireManualLinkingEnabled), anonymous.go,
// identity.go (DeleteIdentity), auth.go (requireNotAnonymous), signup.go, token.go, otp.go.

describe.each(testDatabases)('Auth fidelity on %s (supabase/auth)', (database) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it('admin createUser keeps user_metadata as given; the identity carries sub/email/verified flags', async () => {
    const admin = adminClient(stack);
    const email = uniqueEmail('admincreate');
    const created = await admin.auth.admin.createUser({
      email,
      password: '123',
      user_metadata: { name: 'Ann' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.user_metadata).toEqual({ name: 'Ann' });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]!.identity_data).toEqual({
      sub: user.id,
      email,
      email_verified: false,
      phone_verified: false,
    });
    // user.Confirm adds email_verified to user_metadata, nothing else.
    const confirmed = await admin.auth.admin.createUser({
      email: uniqueEmail('adminconfirm'),
      email_confirm: true,
    });
    expect(confirmed.data.user!.user_metadata).toEqual({ email_verified: true });
    // adminUserCreate checks no password strength, only bcrypt's 72 bytes.
    const long = await admin.auth.admin.createUser({
      email: uniqueEmail('adminlong'),
      password: 'x'.repeat(73),
    });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(long.error!.message).toBe('bcrypt: password length exceeds 72 bytes');
  });

  it('listUsers: a page or per_page that is no unsigned integer is 400; Link as GoTrue builds it', async () => {
    const admin = adminClient(stack);
    const bad = await admin.auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.error!.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
    const raw = await fetch(`${stack.url}/auth/v1/admin/users?per_page=abc`, {
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax',
    });
    const ok = await fetch(`${stack.url}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    const total = Number(ok.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(1);
    expect(ok.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    );
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(page.data).toMatchObject({ nextPage: 2, total });
  });

  it('signInAnonymously: off by default with GoTrue words; on by configuration, an anonymous session', async () => {
    const off = await client(stack).auth.signInAnonymously();
    expect(off.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(off.error!.message).toBe('Anonymous sign-ins are disabled');
    await withTuning(stack, { enableAnonymousSignIns: true }, async () => {
      const sb = client(stack);
      const on = await sb.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
      expect(on.error).toBeNull();
      const user = on.data.user!;
      expect(user).toMatchObject({
        is_anonymous: true,
        email: '',
        role: 'authenticated',
        app_metadata: {},
        user_metadata: { nickname: 'guest' },
        identities: [],
      });
      const claims = decodeJwt(on.data.session!.access_token);
      expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, aal: 'aal1' });
      expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);
      const settings = await authFetch(stack, '/settings');
      expect(settings.body.external).toMatchObject({ anonymous_users: true });
      // requireNotAnonymous guards /factors.
      const enroll = await sb.auth.mfa.enroll({ factorType: 'totp' });
      expect(enroll.error).toMatchObject({ status: 403, code: 'no_authorization' });
      expect(enroll.error!.message).toBe('Anonymous user not allowed to perform these actions');
      await withTuning(stack, { enableSignup: false }, async () => {
        const closed = await client(stack).auth.signInAnonymously();
        expect(closed.error).toMatchObject({ status: 422, code: 'signup_disabled' });
        expect(closed.error!.message).toBe('Signups not allowed for this instance');
      });
    });
  });

  it('linkIdentity / unlinkIdentity: manual linking off (config.toml) is 404; on, GoTrue words each refusal', async () => {
    const sb = client(stack);
    const email = uniqueEmail('linker');
    const { data } = await sb.auth.signUp({ email, password: 'linker-pass-1' });
    const identity = data.user!.identities![0]!;
    const offLink = await sb.auth.linkIdentity({ provider: 'github' });
    expect(offLink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect(offLink.error!.message).toBe('Manual linking is disabled');
    const offUnlink = await sb.auth.unlinkIdentity(identity);
    expect(offUnlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    await withTuning(stack, { enableManualLinking: true }, async () => {
      const link = await sb.auth.linkIdentity({ provider: 'github' });
      expect(link.error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(link.error!.message).toBe('Unsupported provider: provider is not enabled');
      const unlink = await sb.auth.unlinkIdentity(identity);
      expect(unlink.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
      expect(unlink.error!.message).toBe('User must have at least 1 identity after unlinking');
      const token = (await sb.auth.getSession()).data.session!.access_token;
      const notUuid = await authFetch(stack, '/user/identities/nope', { method: 'DELETE', token });
      expect(notUuid).toMatchObject({
        status: 404,
        body: { code: 'validation_failed', message: 'identity_id must be an UUID' },
      });
    });
  });

  it('disabled phone and OAuth providers answer exactly as GoTrue (otp.go, token.go, signup.go, external.go)', async () => {
    const sb = client(stack);
    const otp = await sb.auth.signInWithOtp({ phone: '+61400000000' });
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    expect(otp.error!.message).toBe('Unsupported phone provider');
    const password = await sb.auth.signInWithPassword({ phone: '+61400000000', password: 'whatever1' });
    expect(password.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
    expect(password.error!.message).toBe('Phone logins are disabled');
    const signup = await sb.auth.signUp({ phone: '+61400000000', password: 'whatever1' });
    expect(signup.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    expect(signup.error!.message).toBe('Phone signups are disabled');
    const github = await authFetch(stack, '/authorize?provider=github');
    expect(github).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' },
    });
    const unknown = await authFetch(stack, '/authorize?provider=myspace');
    expect(unknown.body).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: Provider myspace could not be found',
    });
    // [auth.email] enable_signup = false turns the e-mail provider off (GOTRUE_EXTERNAL_EMAIL_ENABLED).
    await withTuning(stack, { emailEnabled: false }, async () => {
      const email = await sb.auth.signUp({ email: uniqueEmail('noemail'), password: 'whatever1' });
      expect(email.error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
      expect(email.error!.message).toBe('Email signups are disabled');
      const login = await sb.auth.signInWithPassword({ email: 'x@example.com', password: 'whatever1' });
      expect(login.error).toMatchObject({ status: 422, code: 'email_provider_disabled' });
      expect(login.error!.message).toBe('Email logins are disabled');
    });
  });
});
