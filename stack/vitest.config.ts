import { defineProject } from 'vitest/config';

// Conformance tests start real stacks (PGlite in memory, or PostgreSQL via DATABASE_URL), so
// they get generous timeouts; speed targets live in `npm run bench`, not here.
export default defineProject({
  test: {
    name: 'stack',
    root: '.',
    include: ['stack/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
