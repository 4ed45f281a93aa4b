import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AuthSettings } from '../../src/auth/settings.ts';
import type { StackContext } from '../../src/context.ts';
import { type RunningStack, type StackOptions, startStack } from '../../src/stack.ts';

export type TestDatabase = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (npm run test:stack sets it). */
export const testDatabases: TestDatabase[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  database: TestDatabase;
  ctx: StackContext;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  database: TestDatabase;
  auth?: Partial<AuthSettings>;
  cron?: boolean;
  /** Log requests (off by default to keep test output readable). */
  verbose?: boolean;
  /** A PostgreSQL of the test's own (database: 'postgres'), used as it is instead of a scratch one. */
  databaseUrl?: string;
  /** Further stack options (HTTP limits, REST and auth settings) for tests of those settings. */
  stack?: Partial<StackOptions>;
}

/** A database of its own on the DATABASE_URL server, so test files never see each other's rows. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `larder_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Starts a whole local stack on a free port with a fresh, seeded database: PGlite in memory,
 * or a new database on the PostgreSQL server of DATABASE_URL (dropped on stop).
 */
export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  const scratch =
    options.database === 'postgres' && !options.databaseUrl ? await createScratchDatabase() : undefined;
  let stack: RunningStack;
  const start = () =>
    startStack({
      port: 0,
      databaseUrl: options.databaseUrl ?? scratch?.url,
      quiet: !options.verbose,
      cron: options.cron ?? false,
      ...options.stack,
      ...(options.auth ? { auth: options.auth } : {}),
    });
  try {
    stack = await start();
  } catch (error) {
    // Roles are cluster-wide: two files bootstrapping at once can collide on CREATE ROLE.
    if (!scratch || !/pg_authid|already exists|concurrently/.test(String(error))) throw error;
    stack = await start();
  }
  const { config } = stack.ctx;
  return {
    url: stack.url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    database: options.database,
    ctx: stack.ctx,
    async stop() {
      await stack.stop();
      await scratch?.drop();
    },
  };
}
