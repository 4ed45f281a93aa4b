import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../src/stack.ts';

// `npm start` keeps PGlite in .local/db: on a fresh clone neither folder exists yet, and what a
// user wrote must survive a stop and a start (issue 5: "graceful shutdown that loses nothing").
describe('PGlite data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'larder-persist-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const dataDir = () => join(dir, 'not', 'yet', 'there', 'db');

  it('is created with its parent folders, seeded once, and keeps writes across a restart', async () => {
    const first = await startStack({ port: 0, quiet: true, cron: false, dataDir: dataDir() });
    expect(first.seeded).toBe(true);
    await first.ctx.db.query(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values ('00000000-0000-4000-8000-00000000abcd', 'authenticated', 'authenticated', 'kept@example.com', now(), now())`,
    );
    const recipes = await first.ctx.db.query<{ n: number }>('select count(*)::int as n from public.recipes');
    await first.stop();

    const second = await startStack({ port: 0, quiet: true, cron: false, dataDir: dataDir() });
    try {
      expect(second.seeded).toBe(false);
      const kept = await second.ctx.db.query<{ name: string | null }>(
        `select email as name from public.users where id = '00000000-0000-4000-8000-00000000abcd'`,
      );
      expect(kept.rows).toEqual([{ name: 'kept@example.com' }]);
      const again = await second.ctx.db.query<{ n: number }>('select count(*)::int as n from public.recipes');
      expect(again.rows[0]!.n).toBe(recipes.rows[0]!.n);
    } finally {
      await second.stop();
    }
  });

  it('stops only once the storage has cleared what a crash left in its tmp/, writing nothing after', async () => {
    // Uploads a crash cut short: the storage drops them as it starts, and a stop right after the
    // start must wait for that (a folder it was still writing to could not be removed).
    const storageDir = join(dir, 'storage-after-a-crash');
    await mkdir(join(storageDir, 'tmp'), { recursive: true });
    await Promise.all(
      Array.from({ length: 3000 }, (_, i) => writeFile(join(storageDir, 'tmp', `upload-${i}`), 'x')),
    );
    const stack = await startStack({ port: 0, quiet: true, cron: false, dataDir: dataDir(), storageDir });
    await stack.stop();
    expect(await readdir(join(storageDir, 'tmp'))).toEqual([]);
    await rm(storageDir, { recursive: true });
  });

  it('starts over with reset: the user is gone and the seed is back', async () => {
    const stack = await startStack({ port: 0, quiet: true, cron: false, dataDir: dataDir(), reset: true });
    try {
      expect(stack.seeded).toBe(true);
      const { rows } = await stack.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await stack.stop();
    }
  });
});
