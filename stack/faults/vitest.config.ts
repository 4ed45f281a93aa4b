import { defineProject } from 'vitest/config';

// The fault suite (npm run test:faults): hostile requests, database outages, kill -9 and fuzzing
// against whole stacks on PGlite and PostgreSQL. One file at a time: each loads the machine.
export default defineProject({
  test: {
    name: 'faults',
    root: '.',
    include: ['stack/faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
