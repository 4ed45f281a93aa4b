import { defineConfig } from '@playwright/test';
import { SIGNED_IN_STATE } from './e2e/support/signed-in.ts';

/**
 * End-to-end tests: Debian Chromium against the BUILT web app (vite preview) and a fresh local
 * stack on free ports, both started by e2e/global-setup.ts (so several people can run at once).
 * The journeys share one user, signed up once by the `sign-in` project; the other suites sign up
 * their own, since signing up, sessions and two users apart are what they test.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  projects: [
    { name: 'sign-in', testMatch: /sign-in\.setup\.ts$/ },
    {
      name: 'journeys',
      testMatch: /journey\.spec\.ts$/,
      dependencies: ['sign-in'],
      use: { storageState: SIGNED_IN_STATE },
    },
    { name: 'suites', testIgnore: [/journey\.spec\.ts$/, /\.setup\.ts$/] },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
