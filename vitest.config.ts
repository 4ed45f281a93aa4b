import { defineConfig } from 'vitest/config';

// Each part of the repo owns its Vitest project config; `--project <name>` picks one.
export default defineConfig({
  test: {
    projects: [
      'shared/vitest.config.ts',
      'web/vitest.config.ts',
      'stack/vitest.config.ts',
      'stack/faults/vitest.config.ts',
    ],
  },
});
