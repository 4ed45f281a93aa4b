import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node', root: '.' },
});
