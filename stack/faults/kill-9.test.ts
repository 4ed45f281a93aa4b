/**
 * Nothing acknowledged is lost: the stack process is killed with SIGKILL while 20 clients write,
 * then started again on the same data, and every write that got a 2xx is there, on PGlite (a
 * data directory) and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type StackProcess, startStackProcess as startProcess } from '../tests/support/process.ts';
import { testDatabases } from '../tests/support/stack.ts';

const WRITERS = 20;

async function signUp(stack: StackProcess, email: string): Promise<string> {
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function signIn(stack: StackProcess, email: string): Promise<string> {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.each(testDatabases)('kill -9 mid-write on %s', (database) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged write', async () => {
    let args: string[];
    let env: Record<string, string> = {};
    if (database === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'larder-kill9-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      args = ['--data-dir', join(dir, 'db')];
    } else {
      const base = new URL(process.env.DATABASE_URL!);
      const name = `larder_kill9_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: base.toString() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const url = new URL(base);
      url.pathname = `/${name}`;
      args = [];
      env = { DATABASE_URL: url.toString() };
    }

    const first = await startProcess(args, env);
    const email = `kill9.${Date.now()}@example.com`;
    const token = await signUp(first, email);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const name = `item ${w}-${i}`;
        try {
          const res = await fetch(`${first.url}/rest/v1/pantry`, {
            method: 'POST',
            headers: {
              apikey: first.anonKey,
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ name, quantity: i }),
          });
          if (res.status === 201) acknowledged.push(name);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await writing;
    if (first.child.exitCode === null && first.child.signalCode === null) {
      await new Promise((r) => first.child.once('exit', r));
    }

    const second = await startProcess(args, env);
    cleanups.push(() => {
      second.child.kill('SIGTERM');
    });
    const again = await signIn(second, email);
    const res = await fetch(`${second.url}/rest/v1/pantry?select=name`, {
      headers: { apikey: second.anonKey, authorization: `Bearer ${again}` },
    });
    const stored = new Set(((await res.json()) as { name: string }[]).map((row) => row.name));
    const lost = acknowledged.filter((name) => !stored.has(name));
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(lost).toEqual([]);
  });
});
