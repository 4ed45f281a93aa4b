import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const SCREENS_DIR = resolve(import.meta.dirname, '../artifacts/screens');

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(first = 'Robin'): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `${first} Tester`,
    email: `${first.toLowerCase()}-${id}@example.com`,
    password: `Larder-${id}-pw!`,
  };
}

export const env = {
  get web(): string {
    return process.env.E2E_WEB_URL!;
  },
  get api(): string {
    return process.env.E2E_API_URL!;
  },
  get anonKey(): string {
    return process.env.E2E_ANON_KEY!;
  },
  get serviceKey(): string {
    return process.env.E2E_SERVICE_KEY!;
  },
  /** e2e/fixtures/recipe-pages served on 127.0.0.1 (support/recipe-pages.ts). */
  get recipePages(): string {
    return process.env.E2E_RECIPE_PAGES_URL!;
  },
};

/** `npm run prices:import -- FILE…` as a person runs it, against the test stack, as its service role. */
export async function importPrices(files: readonly string[], by = 'e2e-tester'): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'scripts/prices-import.ts', ...files, '--by', by, '--url', env.api, '--key', env.serviceKey],
    { cwd: resolve(import.meta.dirname, '../..') },
  );
  return stdout;
}

/** The page's session as supabase-js stores it (localStorage `sb-<ref>-auth-token`). */
export async function sessionOf(page: Page): Promise<{ access_token: string; user: { id: string } }> {
  const session = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k));
    return key ? localStorage.getItem(key) : null;
  });
  expect(session, 'a stored session').not.toBeNull();
  return JSON.parse(session!);
}

/**
 * A REST call as the page's user, from the test (not through the page, so the page's routes do
 * not apply): what the database holds, whatever the screen shows.
 */
export async function restAs<T = unknown>(page: Page, path: string, init: RequestInit = {}): Promise<T> {
  const { access_token } = await sessionOf(page);
  const res = await fetch(`${env.api}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: env.anonKey,
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  expect(res.ok, `${init.method ?? 'GET'} ${path}: ${res.status}`).toBe(true);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Sets an input's value as a script, autofill or an old browser would, past its maxlength, and
 * tells React (the value setter React watches, then an input event).
 */
export async function forceValue(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }, value);
}

export const test = base.extend({
  // The built app runs on a port chosen by the global setup.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the object pattern
  baseURL: async ({}, use) => use(process.env.E2E_WEB_URL),
});
export { expect };

/** Saves a full-page screenshot as an artifact (e2e/artifacts/screens) and attaches it to the report. */
export async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** axe-core on the current screen: no serious or critical violations. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility of ${screen}`,
  ).toEqual([]);
}

/** Nothing on the screen is wider than it: a phone would scroll the whole page sideways. */
export async function expectNoSideScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, width, wider } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What reaches past the edge, innermost last, to say where to look.
    const wider = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 || el.scrollWidth > el.clientWidth + 1)
      .filter(
        (el) => getComputedStyle(el).overflowX === 'visible' && getComputedStyle(el).position !== 'fixed',
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className)} "${(el.textContent ?? '').slice(0, 50)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wider: wider.slice(-3) };
  });
  expect(scrollWidth, `${screen} scrolls sideways: ${wider.join('; ')}`).toBeLessThanOrEqual(width);
}

/** Screenshot, accessibility and width checks: what every screen gets. */
export async function visit(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  await expectAccessible(page, name);
  await expectNoSideScroll(page, name);
}

export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
}

export async function signIn(page: Page, user: TestUser, path = '/sign-in'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The signed-in frame goes away only once the session is removed (not merely on a URL change).
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest mail the stack "sent" to an address (CONTRACTS 2 outbox), waiting for it to arrive. */
export async function latestMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${env.api}/_local/mail?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as Mail[];
        found = list.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Plans a meal in the week grid (issue 20): on a phone, the arrows to the day, then the slot's
 * "+ Add", the recipe picker (typing its name), the cook, Save.
 */
export async function planInGrid(
  page: Page,
  dayIndex: number,
  slot: 'breakfast' | 'lunch' | 'dinner' | 'snack',
  recipeName: string,
  cook?: string,
): Promise<void> {
  const day = page.locator('.week-day').nth(dayIndex);
  await expect(page.locator('.week-day').first()).toBeAttached();
  const next = page.getByRole('button', { name: 'Next day' });
  const previous = page.getByRole('button', { name: 'Previous day' });
  if (await next.isVisible()) {
    while (!(await previous.isDisabled())) await previous.click();
    for (let i = 0; i < dayIndex; i++) await next.click();
  }
  await day.getByRole('button', { name: new RegExp(`^\\+ Add .*, ${slot}$`) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Recipe' }).fill(recipeName);
  await dialog.getByRole('option').filter({ hasText: recipeName }).first().click();
  if (cook) await dialog.getByRole('radio', { name: cook }).check();
  await dialog.getByRole('button', { name: 'Save meal' }).click();
  await expect(dialog).toBeHidden();
}
