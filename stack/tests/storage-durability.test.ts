/**
 * An acknowledged upload survives kill -9: the stack process is killed while eight clients
 * upload, started again on the same data directory (PGlite) or database (PostgreSQL), and every
 * upload that got a 200 downloads byte for byte; nothing half-written is left in tmp/.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killHard, type StackProcess, startStackProcess } from './support/process.ts';
import { createScratchDatabase, testDatabases } from './support/stack.ts';

const WRITERS = 8;
const md5 = (data: Buffer | Uint8Array) => createHash('md5').update(data).digest('hex');

const serviceHeaders = (stack: StackProcess) => ({ authorization: `Bearer ${stack.serviceRoleKey}` });

describe.each(testDatabases)('storage durability on %s', (database) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged upload across kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'larder-storage-kill9-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const args = ['--data-dir', join(dir, 'db')];
    const env: Record<string, string> = {};
    if (database === 'postgres') {
      const scratch = await createScratchDatabase();
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    }

    const first = await startStackProcess(args, env);
    cleanups.push(() => killHard(first));
    const created = await fetch(`${first.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: { ...serviceHeaders(first), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kept' }),
    });
    expect(created.status).toBe(200);

    const acknowledged = new Map<string, string>();
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const body = randomBytes(32 * 1024 + i);
        const name = `w${w}/file-${i}.bin`;
        try {
          const res = await fetch(`${first.url}/storage/v1/object/kept/${name}`, {
            method: 'POST',
            headers: { ...serviceHeaders(first), 'content-type': 'application/octet-stream' },
            body,
          });
          if (res.status === 200) acknowledged.set(name, md5(body));
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 10));
    await killHard(first);
    killed = true;
    await writing;

    const second = await startStackProcess(args, env);
    cleanups.push(() => killHard(second));
    const lost: string[] = [];
    for (const [name, sum] of acknowledged) {
      const res = await fetch(`${second.url}/storage/v1/object/kept/${name}`, {
        headers: serviceHeaders(second),
      });
      if (res.status !== 200 || md5(Buffer.from(await res.arrayBuffer())) !== sum) lost.push(name);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);
    expect(lost).toEqual([]);
    // Uploads cut off by the kill were dropped from tmp/ at start-up.
    expect(readdirSync(join(dir, 'storage', 'tmp'))).toEqual([]);
  });
});
