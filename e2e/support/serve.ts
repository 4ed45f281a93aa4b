import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { type PreviewServer, preview } from 'vite';
import { PRICE_DATE } from '../../supabase/seed-data/prices.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
const STACK_START_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningStack {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceKey: string;
  stop(): void;
}

/** `tsx stack/src/main.ts --reset --memory` on a free port; resolves once it prints its URL and keys. */
export function startStack(siteUrl: string, envFile?: string): Promise<RunningStack> {
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
      ...(envFile ? ['--env-file', envFile] : []),
    ],
    {
      cwd: ROOT,
      // The browser's clock is pinned (page.clock) against the sample prices as dated in the seed data.
      env: { ...process.env, STACK_SITE_URL: siteUrl, STACK_SAMPLE_PRICES_TODAY: PRICE_DATE },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`the stack did not start in time:\n${out}`));
    }, STACK_START_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /API URL: (\S+)/.exec(out)?.[1];
      const anonKey = /anon key: (\S+)/.exec(out)?.[1];
      const serviceKey = /service_role key: (\S+)/.exec(out)?.[1];
      if (url && anonKey && serviceKey) {
        clearTimeout(timer);
        done({ child, url, anonKey, serviceKey, stop: () => child.kill('SIGTERM') });
      }
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the stack exited with code ${code}:\n${out}`));
    });
  });
}

/** Builds web/ into outDir for the given Supabase URL and key (the production build, as deployed). */
export function buildWeb(
  outDir: string,
  supabaseUrl: string,
  anonKey: string,
  extraArgs: string[] = [],
): void {
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
      ...extraArgs,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, VITE_SUPABASE_URL: supabaseUrl, VITE_SUPABASE_ANON_KEY: anonKey },
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`building the web app failed:\n${built.stdout}\n${built.stderr}`);
}

/** Serves a build as static files with the SPA fallback (vite preview). */
export function serveWeb(outDir: string, port: number): Promise<PreviewServer> {
  return preview({
    root: join(ROOT, 'web'),
    configFile: join(ROOT, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}
