import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PostgreSQL's server programs: PG_BINDIR, Debian's PostgreSQL 15, or whatever pg_config names. */
export function pgBinDir(): string | undefined {
  const candidates = [process.env.PG_BINDIR, '/usr/lib/postgresql/15/bin'];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on PATH.
  }
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')));
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A PostgreSQL server of the test's own, which it may stop and start at will. */
export interface Cluster {
  url: string;
  /** `immediate` is what a crash or a killed container looks like to clients. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * initdb + pg_ctl in a temporary directory, on a free port, trusting local connections. PostgreSQL
 * refuses to run as root, so as root the programs run as the `postgres` user.
 */
export async function createCluster(binDir: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'larder-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binDir, program), ...args])
      : run(join(binDir, program), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode = 'immediate') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
