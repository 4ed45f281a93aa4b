import { defineProject } from 'vitest/config';

// Shared code is pure (no module state to leak between files), so the files share their
// workers' module cache: 50 s of start-up each run became 8.
export default defineProject({
  test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node', root: '.', isolate: false },
});
