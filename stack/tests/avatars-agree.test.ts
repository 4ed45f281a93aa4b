/**
 * The avatar set lives in shared/ (AVATARS, spec 9) and, for profiles the database creates itself,
 * in private.random_avatar_url(): the two lists must name the same eight avatars (issue 16). A
 * profile's avatar_url, which its owner writes, is held to the same eight paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATARS, avatarUrl } from '../../shared/mod.ts';
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

  it("a profile's avatar is one of shared's paths, and nothing else (23514)", async () => {
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'avatar@example.com', now(), now()) returning id`,
    );
    const id = rows[0]!.id;
    const outcome = (value: string | null) =>
      stack.ctx.db.query('update public.users set avatar_url = $1 where id = $2', [value, id]).then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      );
    for (const avatar of AVATARS) expect(await outcome(avatarUrl(avatar)), avatar).toBe('ok');
    expect(await outcome(null)).toBe('ok');
    // Every member of the household loads it: an address elsewhere would tell that site who they are.
    expect(await outcome('https://tracker.example/pixel.gif')).toBe('23514');
    expect(await outcome('/avatars/kiwi.svg')).toBe('23514');
    expect(await outcome(`/avatars/apple.svg${'x'.repeat(100_000)}`)).toBe('23514');
  });
});
