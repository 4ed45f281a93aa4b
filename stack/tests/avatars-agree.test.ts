/**
 * The avatar set lives in shared/ (AVATARS, spec 9) and, for profiles the database creates itself,
 * in private.random_avatar_url(): the two lists must name the same eight avatars (issue 16).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATARS } from '../../shared/mod.ts';
import { startTestStack, type TestStack } from './support/stack.ts';

describe('avatars', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database: 'pglite' });
  });
  afterAll(() => stack?.stop());

  it("the database's random avatar picks from exactly shared's list", async () => {
    const { rows } = await stack.ctx.db.query<{ def: string }>(
      `select pg_get_functiondef('private.random_avatar_url'::regproc) as def`,
    );
    const inSql = [...(/array\[([^\]]*)\]/i.exec(rows[0]!.def)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
      (m) => m[1],
    );
    expect([...inSql].sort()).toEqual([...AVATARS].sort());
  });
});
