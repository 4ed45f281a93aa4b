import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preview } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const STACK_START_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `tsx stack/src/main.ts` on a free port with an in-memory database; resolves with its URL and keys. */
function startStack(
  siteUrl: string,
): Promise<{ child: ChildProcess; url: string; anonKey: string; serviceKey: string }> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'stack/src/main.ts',
      '--reset',
      '--memory',
      '--port',
      '0',
      '--quiet',
    ],
    { cwd: ROOT, env: { ...process.env, STACK_SITE_URL: siteUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`the stack did not start in time:\n${out}`)),
      STACK_START_MS,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /API URL: (\S+)/.exec(out)?.[1];
      const anonKey = /anon key: (\S+)/.exec(out)?.[1];
      const serviceKey = /service_role key: (\S+)/.exec(out)?.[1];
      if (url && anonKey && serviceKey) {
        clearTimeout(timer);
        done({ child, url, anonKey, serviceKey });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the stack exited with code ${code}:\n${out}`));
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const stack = await startStack(webUrl);
  const outDir = mkdtempSync(join(tmpdir(), 'larder-e2e-web-'));
  const built = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      'web',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) {
    stack.child.kill('SIGTERM');
    throw new Error(`building the web app failed:\n${built.stdout}\n${built.stderr}`);
  }
  const server = await preview({
    root: join(ROOT, 'web'),
    configFile: join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: webPort, strictPort: true },
  });
  process.env.E2E_WEB_URL = webUrl;
  process.env.E2E_API_URL = stack.url;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_KEY = stack.serviceKey;
  return async () => {
    await server.close();
    stack.child.kill('SIGTERM');
    rmSync(outDir, { recursive: true, force: true });
  };
}
