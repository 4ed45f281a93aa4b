/**
 * `npm test` checks the system programs it needs before any suite runs: on this machine (set up
 * by `npm run setup:test`) all are there; take one away and it stops at once, naming what is
 * missing and the command that installs it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const check = (env: Record<string, string>) =>
  spawnSync('bash', [join(REPO_ROOT, 'scripts', 'check-test-prereqs.sh')], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('npm test prerequisites', () => {
  it('passes on a machine set up with npm run setup:test', () => {
    const result = check({});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('stops with one line naming what is missing and how to install it', () => {
    const result = check({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'npm test needs Chromium at /nonexistent/chromium (or set CHROMIUM_PATH): run npm run setup:test\n',
    );
  });
});
