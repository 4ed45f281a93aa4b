import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Each file still gets a fresh context, but jsdom and the modules load once per worker: the
    // default pool set up jsdom per file, two minutes of a run whose tests take ten seconds.
    pool: 'vmThreads',
    // A timeout here catches a test that hangs, not a slow one: typing through jsdom on a
    // shared two-core machine has taken 7 s, and a timed-out test leaks its requests into the next.
    testTimeout: 20_000,
    setupFiles: ['src/testing/setup.ts'],
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:9',
      VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    },
  },
});
