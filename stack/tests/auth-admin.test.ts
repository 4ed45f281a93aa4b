/**
 * Auth conformance for the service role's admin API (supabase-js `auth.admin`), invitations,
 * generated links, and the public /settings and /health endpoints. Expected behaviour is
 * GoTrue's (github.com/supabase/auth internal/api/{admin,mail,invite,settings}.go).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  authFetch,
  client,
  decodeJwt,
  follow,
  fragment,
  mailTo,
  uniqueEmail,
} from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

describe.each(testDatabases)('auth admin on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates, reads, updates and deletes users with the service role', async () => {
    const admin = adminClient(stack).auth.admin;
    const email = uniqueEmail('made');
    const created = await admin.createUser({
      email,
      password: 'made-by-admin',
      email_confirm: true,
      user_metadata: { full_name: 'Made Up' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(user.user_metadata.full_name).toBe('Made Up');
    const signIn = await client(stack).auth.signInWithPassword({ email, password: 'made-by-admin' });
    expect(signIn.error).toBeNull();
    expect(decodeJwt(signIn.data.session!.access_token).app_metadata).toMatchObject({ plan: 'pro' });

    const dup = await admin.createUser({ email, password: 'whatever1' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.message).toBe('A user with this email address has already been registered');

    const fetched = await admin.getUserById(user.id);
    expect(fetched.data.user?.email).toBe(email);

    const updated = await admin.updateUserById(user.id, {
      user_metadata: { full_name: 'Re Made' },
      password: 'changed-pw',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.full_name).toBe('Re Made');
    expect((await client(stack).auth.signInWithPassword({ email, password: 'changed-pw' })).error).toBeNull();

    // A ban ends the user's sessions and refuses sign-in (models.User.IsBanned).
    const sb = client(stack);
    await sb.auth.signInWithPassword({ email, password: 'changed-pw' });
    expect((await admin.updateUserById(user.id, { ban_duration: '24h' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email, password: 'changed-pw' })).error?.code).toBe(
      'user_banned',
    );
    expect((await sb.auth.getUser()).error).not.toBeNull();
    expect((await admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email, password: 'changed-pw' })).error).toBeNull();

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const { rows } = await stack.ctx.db.query(`select 1 from public.users where id = $1`, [user.id]);
    expect(rows).toEqual([]);
  });

  it('pages the user list with X-Total-Count and Link as GoTrue (admin.go adminUsers)', async () => {
    const admin = adminClient(stack).auth.admin;
    for (let i = 0; i < 3; i++)
      await admin.createUser({ email: uniqueEmail(`page${i}`), password: 'page-pass' });
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    const total = (first.data as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect((first.data as unknown as { nextPage: number | null }).nextPage).toBe(2);
    const second = await admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users[0]?.id).not.toBe(first.data.users[0]?.id);
  });

  it('refuses the admin API to anyone but the service role (not_admin)', async () => {
    const email = uniqueEmail('plain');
    const { data } = await client(stack).auth.signUp({ email, password: 'plain-pass' });
    for (const token of [stack.anonKey, data.session!.access_token]) {
      const res = await authFetch(stack, '/admin/users', { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
    const anon = await client(stack).auth.admin.listUsers();
    expect(anon.error?.code).toBe('not_admin');
  });

  it('invites by e-mail; the invitation link signs the user in (invite.go)', async () => {
    const email = uniqueEmail('invited');
    const invited = await adminClient(stack).auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'Ivy' },
      redirectTo: 'http://127.0.0.1:5173/welcome',
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const [mail] = await mailTo(stack, email);
    expect(mail?.subject).toBe("You've been invited");
    const landed = await follow(mail!.links[0]!);
    const params = fragment(landed);
    expect(params.type).toBe('invite');
    const sb = client(stack);
    await sb.auth.setSession({ access_token: params.access_token!, refresh_token: params.refresh_token! });
    const me = await sb.auth.getUser();
    expect(me.data.user?.email).toBe(email);
    expect(me.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('generates signup and recovery links without sending mail (mail.go adminGenerateLink)', async () => {
    const admin = adminClient(stack).auth.admin;
    const email = uniqueEmail('gen');
    const signup = await admin.generateLink({ type: 'signup', email, password: 'gen-password' });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email).toBe(email);
    expect(signup.data.properties?.verification_type).toBe('signup');
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(await mailTo(stack, email)).toEqual([]);
    const confirmed = fragment(await follow(signup.data.properties!.action_link));
    expect(confirmed.type).toBe('signup');
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'gen-password' })).error,
    ).toBeNull();

    const recovery = await admin.generateLink({ type: 'recovery', email });
    expect(recovery.data.properties?.action_link).toContain('type=recovery');
    const missing = await admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  it("answers disabled features (OAuth, identity linking, MFA, SSO) with GoTrue's errors", async () => {
    const google = await authFetch(stack, '/authorize?provider=google');
    expect(google.status).toBe(400);
    expect(google.body).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const email = uniqueEmail('features');
    const sb = client(stack);
    const { data } = await sb.auth.signUp({ email, password: 'features-pass' });
    // api.go: /user/identities needs [auth] enable_manual_linking (off in config.toml).
    const unlink = await sb.auth.unlinkIdentity(data.user!.identities![0]!);
    expect(unlink.error?.status).toBe(404);
    expect(unlink.error?.code).toBe('manual_linking_disabled');
    const enroll = await sb.auth.mfa.enroll({ factorType: 'phone', phone: '+61400000000' });
    expect(enroll.error?.status).toBe(422);
    expect(enroll.error?.code).toBe('mfa_phone_enroll_not_enabled');
    const sso = await sb.auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error?.status).toBe(404);
    expect(sso.error?.code).toBe('saml_provider_disabled');
    // The session is untouched by all of that.
    expect((await sb.auth.getUser()).data.user?.email).toBe(email);
  });

  it('serves /settings and /health', async () => {
    const settings = await authFetch(stack, '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      external: { email: true, phone: false, google: false },
    });
    const health = await authFetch(stack, '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
    const unknown = await authFetch(stack, '/nowhere');
    expect(unknown.status).toBe(404);
  });
});
