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
    // Each file starts its own stacks; what a worker keeps between files is only the modules, so
    // loading them once per worker, not per file, takes about a third off the suite.
    isolate: false,
  },
});
