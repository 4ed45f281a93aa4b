/**
 * `npm run stack` (the local stack alone) and `npm start` (stack + the web app's dev server).
 *
 *   --reset            start from an empty database (migrations and seed applied again)
 *   --web              also run the web app's Vite dev server, pointed at the stack
 *   --port N           gateway port (default STACK_PORT or 54321)
 *   --data-dir DIR     PGlite data directory (default .local/db; ignored with DATABASE_URL)
 *   --memory           keep the PGlite database in memory (nothing written to disk)
 *   --quiet            no request log
 *   --env-file FILE    the Edge Functions' secrets (default supabase/functions/.env), as
 *                      `supabase functions serve --env-file`
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './config.ts';
import { startStack } from './stack.ts';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    web: { type: 'boolean', default: false },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    memory: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'env-file': { type: 'string' },
    'web-port': { type: 'string', default: process.env.WEB_PORT ?? '5173' },
  },
});

const started = performance.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = values.memory ? undefined : (values['data-dir'] ?? join(REPO_ROOT, '.local', 'db'));
const port = Number(values.port ?? process.env.STACK_PORT ?? 54321);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.STACK_PORT}`);
  process.exit(2);
}

let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    port,
    databaseUrl,
    dataDir,
    reset: values.reset,
    quiet: values.quiet,
    functionsEnvFile: values['env-file'],
  });
} catch (error) {
  console.error(`The local stack could not start: ${(error as Error).message}`);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${port} is in use. Stop the other process or set STACK_PORT.`);
  }
  process.exit(1);
}

const { config } = stack.ctx;
let web: ChildProcess | undefined;
const webUrl = `http://127.0.0.1:${values['web-port']}`;
if (values.web) {
  web = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'web',
      '--host',
      '127.0.0.1',
      '--port',
      values['web-port'],
      '--strictPort',
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, VITE_SUPABASE_URL: config.url, VITE_SUPABASE_ANON_KEY: config.anonKey },
    },
  );
  web.on('exit', (code) => {
    if (code && code !== 0) console.error(`The web dev server exited with code ${code}.`);
  });
}

const line = (label: string, value: string) => `${label.padStart(18)}: ${value}`;
console.log(
  [
    '',
    `Larder local stack is running (ready in ${((performance.now() - started) / 1000).toFixed(1)} s).`,
    '',
    line('API URL', config.url),
    line('REST', `${config.url}/rest/v1`),
    line('Auth', `${config.url}/auth/v1`),
    line('Realtime', `${config.url.replace('http', 'ws')}/realtime/v1/websocket`),
    line('Functions', `${config.url}/functions/v1/<name>`),
    line('Storage', `${config.url}/storage/v1 (files in ${stack.storageDir})`),
    line('Mail (outbox)', `${config.url}/_local/mail`),
    line(
      'Database',
      databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory',
    ),
    ...(values.web ? [line('Web app', webUrl)] : []),
    line('JWT secret', config.jwtSecret),
    line('anon key', config.anonKey),
    line('service_role key', config.serviceRoleKey),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\n${signal}: stopping…`);
  web?.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
