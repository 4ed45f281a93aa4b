import {
  env,
  expect,
  latestMail,
  newUser,
  sessionOf,
  signIn,
  signOut,
  signUp,
  test,
  visit,
} from './support/fixtures.ts';

test.describe('public screens and authentication', () => {
  test('public pages render for visitors and are accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cook well');
    await visit(page, 'home-visitor');
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByText(/Australian Privacy Principles/).first()).toBeVisible();
    await visit(page, 'privacy-policy');
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await visit(page, 'terms-of-service');
    await page.goto('/forgot-password');
    await visit(page, 'forgot-password');
  });

  test('private routes send visitors to sign in and back afterwards', async ({ page }) => {
    const user = newUser('Avery');
    await signUp(page, user);
    await signOut(page);
    await page.goto('/pantry');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fpantry$/);
    await visit(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You must provide either an email or phone number and a password',
    );
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // GoTrue's invalid_credentials, in the app's words, once (issue 15: 7).
    await expect(page.getByRole('alert')).toHaveText(
      'The e-mail address or password is not right. Check both and try again.',
    );
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/pantry$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pantry' })).toBeVisible();
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/sign-up');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign-up says a password is too short beside it, then creates the account and profile', async ({
    page,
  }) => {
    const user = newUser('Kim');
    await page.goto('/sign-up');
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Use at least 6 characters.')).toBeVisible();
    await visit(page, 'sign-up-weak-password');
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText('Hello, Kim')).toBeVisible();
    await expect(page.getByText('Free plan')).toBeVisible();
  });

  test('a forgotten password is reset through the mailed link', async ({ page }) => {
    const user = newUser('Sam');
    await signUp(page, user);
    await signOut(page);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(user.email);
    const mail = await latestMail(user.email, /reset|recover/i);
    const link = mail.links.find((l) => l.includes('type=recovery')) ?? mail.links[0]!;
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await visit(page, 'reset-password');
    const newPassword = `${user.password}-new`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password updated' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Larder' }).click();
    await signOut(page);
    await signIn(page, { ...user, password: newPassword });
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  });

  test('a revoked session lands on the sign-in form, which says the session has ended', async ({ page }) => {
    const user = newUser('Harper');
    await signUp(page, user);
    const { access_token } = await sessionOf(page);
    // Signed out everywhere by the server (another device, a password change): the token is dead.
    const res = await fetch(`${env.api}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${access_token}` },
    });
    expect(res.status).toBe(204);
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    // The tab reloaded (as the app does when its live channels are lost): still said.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  });

  test('an expired session whose refresh is refused lands on the sign-in form with the explanation', async ({
    page,
  }) => {
    const user = newUser('Emery');
    await signUp(page, user);
    const { access_token } = await sessionOf(page);
    // The app stops before its session is revoked and aged: a running page that used the aged
    // session (a request, a channel's re-read) would try the refresh itself and drop the session
    // before the next start could find it.
    await page.goto('about:blank');
    await fetch(`${env.api}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${access_token}` },
    });
    // Aged once, before the app's own code runs on the next start.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('aged') !== null) return;
      sessionStorage.setItem('aged', '1');
      const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))!;
      const stored = JSON.parse(localStorage.getItem(key)!);
      localStorage.setItem(
        key,
        JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }),
      );
    });
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    // Signing out on purpose is not an ended session.
    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
    await signOut(page);
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  });
});
