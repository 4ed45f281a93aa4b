import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readAuthConfig } from './auth/config-file.ts';
import { createAuthApi } from './auth/index.ts';
import type { AuthSettings } from './auth/settings.ts';
import { type AuthConfig, makeConfig, REPO_ROOT } from './config.ts';
import { type ApiModule, createContext, type StackContext } from './context.ts';
import { startCron } from './cron/index.ts';
import { openDb } from './db/index.ts';
import { createFunctionsApi } from './functions/index.ts';
import { createGateway, type HttpLimits, type Mounts } from './gateway.ts';
import { DEFAULT_JWT_SECRET, makeKeys } from './keys.ts';
import { createLogger } from './log.ts';
import { createMailApi, createOutbox } from './mail/index.ts';
import { createRealtimeApi } from './realtime/index.ts';
import { createRestApi } from './rest/index.ts';
import { createStorageApi } from './storage/index.ts';

export interface StackOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /**
   * Where Storage keeps object contents. Default: `storage/` beside the data directory
   * (`.local/storage` for `.local/db`, whichever database); with no data directory, a temporary
   * folder removed on stop.
   */
  storageDir?: string | undefined;
  reset?: boolean;
  quiet?: boolean;
  root?: string;
  jwtSecret?: string;
  /** Auth settings over config.toml's (any of `AuthSettings`, auth/settings.ts). */
  auth?: Partial<AuthSettings>;
  /** Run the cron schedule (on by default; tests that trigger jobs by hand turn it off). */
  cron?: boolean;
  /** How long clients may take to send a request (defaults in gateway.ts). */
  http?: HttpLimits;
  /** The functions' secrets file, as `supabase functions serve --env-file` (default supabase/functions/.env). */
  functionsEnvFile?: string | undefined;
  /** Seed as if on this day (default STACK_SAMPLE_PRICES_TODAY, else today): see OpenDbOptions. */
  samplePricesToday?: string | undefined;
}

export interface RunningStack {
  url: string;
  ctx: StackContext;
  seeded: boolean;
  /** Where Storage keeps object contents. */
  storageDir: string;
  stop(): Promise<void>;
}

/** The day to seed the sample prices as if on, from the options or the environment. */
function samplePricesToday(options: StackOptions): string | undefined {
  const day = options.samplePricesToday ?? (process.env.STACK_SAMPLE_PRICES_TODAY || undefined);
  if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new Error(`STACK_SAMPLE_PRICES_TODAY must be a day as YYYY-MM-DD, not '${day}'.`);
  return day;
}

/** Opens the database, mounts every API on one gateway and starts listening. */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = createLogger(options.quiet ?? false);
  const keys = await makeKeys(options.jwtSecret ?? process.env.SUPABASE_JWT_SECRET ?? DEFAULT_JWT_SECRET);
  // [auth] of supabase/config.toml as `supabase start` reads it; the STACK_* variables and the
  // caller's options win over it.
  const authFile = readAuthConfig(options.root ?? REPO_ROOT);
  for (const warning of authFile.warnings) log.warn(warning);
  const fromEnv: Partial<AuthConfig> = {};
  if (process.env.STACK_ENABLE_CONFIRMATIONS !== undefined) {
    fromEnv.enableConfirmations = process.env.STACK_ENABLE_CONFIRMATIONS === 'true';
  }
  if (process.env.STACK_SITE_URL) fromEnv.siteUrl = process.env.STACK_SITE_URL;
  const config = makeConfig(keys, {
    port: options.port ?? 54321,
    host: options.host ?? '127.0.0.1',
    root: options.root ?? REPO_ROOT,
    auth: { ...makeConfig(keys).auth, ...authFile.settings, ...fromEnv, ...options.auth },
  });
  const { db, seeded } = await openDb({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    reset: options.reset,
    root: config.root,
    log: (line) => log.info(`[db] ${line}`),
    warn: (line) => log.warn(`[db] ${line}`),
    samplePricesToday: samplePricesToday(options),
  });
  const temporaryStorage = !options.storageDir && !options.dataDir;
  const storageDir =
    options.storageDir ??
    (options.dataDir
      ? join(dirname(options.dataDir), 'storage')
      : await mkdtemp(join(tmpdir(), 'larder-storage-')));
  // A reset empties the database, so the contents its rows named go too.
  if (options.reset && !temporaryStorage) await rm(storageDir, { recursive: true, force: true });
  const mail = createOutbox((m) => log.info(`[mail] to ${m.to}: ${m.subject}`));
  const ctx = createContext(db, config, mail, log);

  const mounts: Mounts = {
    rest: createRestApi(ctx),
    auth: createAuthApi(ctx),
    realtime: createRealtimeApi(ctx),
    functions: createFunctionsApi(ctx, { envFile: options.functionsEnvFile }),
    storage: createStorageApi(ctx, { dir: storageDir }),
    mail: createMailApi(ctx),
  };
  const server = createGateway(ctx, mounts, options.http);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  config.port = port;
  config.url = `http://${config.host}:${port}`;
  const stopCron = options.cron === false ? () => undefined : startCron(ctx);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      stopCron();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const api of Object.values(mounts) as ApiModule[])
        await api.close?.().catch((e) => log.error('close', e));
      server.closeAllConnections();
      await closed;
      await ctx.runCloseHandlers();
      // Closing PGlite flushes its data directory, so nothing written is lost.
      await db.close();
      if (temporaryStorage) await rm(storageDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  return { url: config.url, ctx, seeded, storageDir, stop };
}
