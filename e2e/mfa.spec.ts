import { createHmac } from 'node:crypto';
import { decodeQr, modulesFromSvg } from '../stack/tests/support/qr-decode.ts';
import { expect, newUser, signIn, signOut, signUp, test, visit } from './support/fixtures.ts';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, written here rather than taken from the stack. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

/** A code that is not the current one (nor its neighbours', which servers accept for clock drift). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
  let n = 123_456;
  while (near.has(String(n))) n++;
  return String(n);
}

test('two-step sign-in: add an authenticator app on the profile, sign in with its code, remove it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('Mfa');
  await signUp(page, user);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Two-step sign-in is off.')).toBeVisible();
  await section.getByLabel('Name of the app or device').fill('My phone');
  await section.getByRole('button', { name: 'Add an authenticator app' }).click();

  // The QR code scans to the otpauth URI of the key shown as text.
  const qr = section.getByRole('img', { name: 'QR code to add Larder to your authenticator app' });
  await expect(qr).toBeVisible();
  const secret = ((await section.locator('code.secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const src = (await qr.getAttribute('src')) ?? '';
  const uri = decodeQr(modulesFromSvg(decodeURIComponent(src.replace(/^data:image\/svg\+xml;utf-8,/, ''))));
  expect(uri).toMatch(new RegExp(`^otpauth://totp/[^?]+:${user.email.replace(/[.+]/g, '\\$&')}\\?`));
  expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  await visit(page, 'profile-mfa-enrol');

  await section.getByLabel('Code').fill(wrongCode(secret));
  await section.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(section.getByText('That code is not right.', { exact: false })).toBeVisible();
  await section.getByLabel('Code').fill(totp(secret));
  await section.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step sign-in is on.', { exact: false })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Authenticator apps' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(section.getByRole('listitem')).toContainText('My phone');

  // Signing in now asks for the code before anything else opens, also after a reload.
  await signOut(page);
  await signIn(page, user, '/sign-in?next=%2Fprofile');
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code').fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is 6 digits.')).toBeVisible();
  await page.getByLabel('Code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await visit(page, 'sign-in-second-factor');
  const current = totp(secret);
  await page.getByLabel('Code').fill(`${current.slice(0, 3)} ${current.slice(3)}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // Removing the app turns two-step sign-in off again.
  await section.getByRole('button', { name: 'Remove My phone' }).click();
  await page
    .getByRole('dialog', { name: 'Remove My phone?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(section.getByText('Two-step sign-in is off.')).toBeVisible();
  await signOut(page);
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
});
