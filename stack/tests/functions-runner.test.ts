/**
 * Conformance of the stack's Edge Functions runner (`/functions/v1/<name>`) with Supabase's
 * functions gateway, as `supabase functions serve` implements it (supabase/cli,
 * internal/functions/serve/templates/main.ts): 404 'Function not found' for unknown names,
 * `verify_jwt` answered 401 with the gateway's `msg`s, requests and answers passed through
 * untouched (method, path after the name, query, headers, bodies, status, streaming), the
 * environment hosted Supabase gives (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY),
 * 503 BOOT_ERROR for a function that cannot start, and a restart when a function's files change.
 *
 * The runner never touches the database, so it runs on PGlite only, in a scratch repository root
 * holding fixture functions (the real migrations are linked in so the stack starts as usual).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { type RunningStack, startStack } from '../src/stack.ts';

const ECHO = (version: string) => `
import { greeting } from '../_shared/greeting.ts';
let release: (() => void) | undefined;
const released = new Promise<void>((resolve) => { release = resolve; });
Deno.serve(async (req) => {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/release')) { release?.(); return new Response('released'); }
  if (url.pathname.endsWith('/stream')) {
    const encoder = new TextEncoder();
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(encoder.encode('first;'));
        await released;
        controller.enqueue(encoder.encode('second'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/plain' } });
  }
  const bytes = new Uint8Array(await req.arrayBuffer());
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
  const headers = new Headers({ 'x-echo': 'yes', 'content-type': 'application/json' });
  headers.append('set-cookie', 'a=1');
  headers.append('set-cookie', 'b=2');
  return new Response(JSON.stringify({
    version: '${version}',
    greeting,
    pid: Deno.pid,
    method: req.method,
    path: url.pathname,
    search: url.search,
    headers: Object.fromEntries(req.headers),
    size: bytes.length,
    sha256: digest,
    env: {
      SUPABASE_URL: Deno.env.get('SUPABASE_URL') ?? null,
      SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ?? null,
      SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? null,
      FROM_ENV_FILE: Deno.env.get('FROM_ENV_FILE') ?? null,
      DATABASE_URL: Deno.env.get('DATABASE_URL') ?? null,
    },
  }), { status: Number(url.searchParams.get('status') ?? 200), headers });
});
`;

const CONFIG = (guardedVerify: boolean) => `
[functions.echo]
verify_jwt = false

[functions.guarded]
verify_jwt = ${guardedVerify}
entrypoint = "./functions/echo/index.ts"

[functions.disabled]
enabled = false
verify_jwt = false
entrypoint = "./functions/echo/index.ts"
`;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('functions runner', () => {
  let root: string;
  let stack: RunningStack;
  let fn: (path: string, init?: RequestInit) => Promise<Response>;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'larder-functions-'));
    mkdirSync(join(root, 'supabase', 'functions'), { recursive: true });
    for (const part of ['migrations', 'bootstrap', 'seed.sql']) {
      symlinkSync(join(REPO_ROOT, 'supabase', part), join(root, 'supabase', part));
    }
    write('supabase/config.toml', CONFIG(true));
    write('supabase/functions/.env', 'FROM_ENV_FILE="from .env"\n# a comment\n');
    write('supabase/functions/_shared/greeting.ts', "export const greeting = 'hello';\n");
    write('supabase/functions/echo/index.ts', ECHO('v1'));
    write('supabase/functions/broken/index.ts', "throw new Error('this function cannot start');\n");
    write('supabase/functions/needs-network/index.ts', "import 'https://127.0.0.1:9/mod.ts';\n");
    write('supabase/functions/not-installed/index.ts', "import 'npm:left-pad@1.3.0';\n");
    write('supabase/functions/fresh/index.ts', ECHO('fresh'));
    write('supabase/functions/empty/README.md', 'no index.ts here\n');
    stack = await startStack({ port: 0, quiet: true, cron: false, root });
    fn = (path, init) => fetch(`${stack.url}/functions/v1/${path}`, init);
  });
  afterAll(async () => {
    await stack?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 Function not found for names that are not functions', async () => {
    for (const name of ['nope', '_shared', 'empty', 'disabled', '..%2Fsupabase', '.env', '']) {
      const res = await fn(name, { method: 'POST' });
      expect(res.status, name).toBe(404);
      expect(await res.text()).toBe('Function not found');
    }
  });

  it('passes method, path after the name, query, headers and a binary body through', async () => {
    const body = randomBytes(1024 * 1024);
    const res = await fn('echo/a/b%20c?x=1&y=two&x=3', {
      method: 'PUT',
      headers: {
        'x-custom': 'kept',
        'content-type': 'application/octet-stream',
        authorization: 'Bearer whatever',
      },
      body,
    });
    expect(res.status).toBe(200);
    const echo = await res.json();
    expect(echo.method).toBe('PUT');
    expect(echo.path).toBe('/echo/a/b%20c');
    expect(echo.search).toBe('?x=1&y=two&x=3');
    expect(echo.headers['x-custom']).toBe('kept');
    expect(echo.headers.authorization).toBe('Bearer whatever');
    expect(echo.size).toBe(body.length);
    expect(echo.sha256).toBe(sha256(body));
    for (const method of ['GET', 'DELETE', 'PATCH']) {
      const answer = await (await fn('echo', { method })).json();
      expect(answer.method).toBe(method);
    }
  });

  it('passes the status and headers of the answer back, repeated ones included', async () => {
    const res = await fn('echo?status=418', { method: 'POST', body: '{}' });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('streams an answer instead of buffering it', async () => {
    const res = await fn('echo/stream', { method: 'GET' });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The function sends the rest only once /release arrives: a buffering proxy never gets here.
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    expect(await (await fn('echo/release')).text()).toBe('released');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('second');
  });

  it("gives the function hosted Supabase's environment, its .env secrets and nothing of the stack's", async () => {
    const { env } = await (await fn('echo')).json();
    expect(env).toEqual({
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.ctx.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.ctx.config.serviceRoleKey,
      FROM_ENV_FILE: 'from .env',
      DATABASE_URL: null,
    });
  });

  it('refuses calls without a valid JWT when verify_jwt is on, with the gateway messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Error: Missing authorization header'],
      [{ authorization: 'Basic abc' }, "Error: Auth header is not 'Bearer {token}'"],
      [{ authorization: 'Bearer not-a-jwt' }, 'Invalid JWT'],
      [{ authorization: 'Bearer' }, 'Invalid JWT'],
    ];
    const otherSecret = await stack.ctx.signJwt({ role: 'anon' });
    const forged = `${otherSecret.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    cases.push([{ authorization: `Bearer ${forged}` }, 'Invalid JWT']);
    const expired = await stack.ctx.signJwt({
      role: 'authenticated',
      sub: 'x',
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    cases.push([{ authorization: `Bearer ${expired}` }, 'Invalid JWT']);
    for (const [headers, msg] of cases) {
      const res = await fn('guarded', { method: 'POST', headers, body: '{}' });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await res.json()).toEqual({ msg });
    }
    const ok = await fn('guarded', {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.ctx.config.anonKey}` },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).path).toBe('/guarded');
    // Preflight never carries credentials, so the gateway lets OPTIONS through.
    expect((await fn('guarded', { method: 'OPTIONS' })).status).toBe(200);
    // Without verify_jwt the function itself decides.
    expect((await fn('echo', { method: 'POST' })).status).toBe(200);
  });

  it('applies a change of verify_jwt in config.toml to the next call', async () => {
    write('supabase/config.toml', CONFIG(false));
    try {
      await waitFor(
        async () => (await fn('guarded', { method: 'POST' })).status,
        (s) => s === 200,
        'verify_jwt off',
      );
    } finally {
      write('supabase/config.toml', CONFIG(true));
    }
    await waitFor(
      async () => (await fn('guarded', { method: 'POST' })).status,
      (s) => s === 401,
      'verify_jwt on',
    );
  });

  it('answers 503 BOOT_ERROR for a function that cannot start, and keeps serving the others', async () => {
    // Functions not named in config.toml get Supabase's default, verify_jwt = true.
    const anon = { authorization: `Bearer ${stack.ctx.config.anonKey}` };
    expect((await fn('broken', { method: 'POST' })).status).toBe(401);
    const res = await fn('broken', { method: 'POST', headers: anon });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'BOOT_ERROR',
      message:
        'Worker failed to boot (please check logs): broken could not start: error: Uncaught (in promise) Error: this function cannot start',
    });
    expect((await fn('echo')).status).toBe(200);
  });

  it('says in one line why a function could not start: a download without network, a package not installed', async () => {
    const anon = { authorization: `Bearer ${stack.ctx.config.anonKey}` };
    const offline = await fn('needs-network', { method: 'POST', headers: anon });
    expect(offline.status).toBe(503);
    expect((await offline.json()).message).toBe(
      'Worker failed to boot (please check logs): needs-network could not start: cannot download https://127.0.0.1:9/mod.ts — no network?',
    );
    const missing = await fn('not-installed', { method: 'POST', headers: anon });
    expect(missing.status).toBe(503);
    expect((await missing.json()).message).toMatch(
      /^Worker failed to boot \(please check logs\): not-installed could not start: left-pad is not in node_modules .* run npm install/,
    );
  });

  it('serves many simultaneous first calls from one warm worker', async () => {
    const anon = { authorization: `Bearer ${stack.ctx.config.anonKey}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fn('fresh', { method: 'POST', body: 'x', headers: anon })),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.pid)).size).toBe(1);
    const again = await (await fn('fresh', { headers: anon })).json();
    expect(again.pid).toBe(bodies[0].pid);
  });

  it('restarts a function when its files or the code it shares change', async () => {
    const before = await (await fn('echo')).json();
    expect(before.version).toBe('v1');
    write('supabase/functions/echo/index.ts', ECHO('v2'));
    const after = await waitFor(
      async () => (await fn('echo')).json(),
      (b) => b.version === 'v2',
      'the new version',
    );
    expect(after.pid).not.toBe(before.pid);

    write('supabase/functions/_shared/greeting.ts', "export const greeting = 'hi again';\n");
    await waitFor(
      async () => (await fn('echo')).json(),
      (b) => b.greeting === 'hi again',
      'the new shared code',
    );

    // A broken edit answers 503 until it is fixed; fixing it brings the function back.
    write('supabase/functions/echo/index.ts', 'export const = ;\n');
    await waitFor(
      async () => (await fn('echo')).status,
      (s) => s === 503,
      'the broken version',
    );
    write('supabase/functions/echo/index.ts', ECHO('v3'));
    await waitFor(
      async () => (await fn('echo')).json().catch(() => ({})),
      (b) => b.version === 'v3',
      'the fix',
    );
  });
});
