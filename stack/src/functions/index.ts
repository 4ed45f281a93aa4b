import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import type { ApiModule, StackContext } from '../context.ts';
import { JwtCache } from '../jwt-cache.ts';
import { FunctionCatalog, type FunctionSpec } from './config.ts';
import { functionEnv } from './env.ts';
import { createAgent, proxy } from './proxy.ts';
import { watchSources } from './watch.ts';
import { BootError, FunctionWorker } from './worker.ts';

export interface FunctionsApiOptions {
  /** Restart a function when its sources change (on by default). */
  watch?: boolean;
  /** The Deno binary; default the `deno` npm package's. */
  deno?: string;
  /** Secrets for the functions, as `supabase functions serve --env-file`; default supabase/functions/.env. */
  envFile?: string | undefined;
}

/** Browsers calling a function read our own error answers too, so they carry CORS. */
const CORS = { 'Access-Control-Allow-Origin': '*' };

/** The messages of Supabase's functions gateway (supabase/cli functions serve main.ts). */
const BOOT_ERROR = { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' };
const WORKER_ERROR = { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' };

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/index.ts` under Deno, as
 * `supabase functions serve` does. A worker starts on a function's first call and stays warm;
 * it restarts when the function's files (or the code it shares) change.
 */
export function createFunctionsApi(ctx: StackContext, options: FunctionsApiOptions = {}): ApiModule {
  const catalog = new FunctionCatalog(ctx.config.root);
  const deno = options.deno ?? process.env.DENO_BIN ?? findDeno();
  const agent = createAgent();
  const jwtCache = new JwtCache();
  const workers = new Map<string, FunctionWorker>();

  const retire = (names: Set<string> | '*') => {
    for (const [name, worker] of workers) {
      if (names !== '*' && !names.has(name)) continue;
      ctx.log.info(`[fn ${name}] sources changed; restarting`);
      workers.delete(name);
      worker.retire();
    }
  };
  const stopWatching = options.watch === false ? () => undefined : watchSources(ctx.config.root, retire);

  const workerFor = (spec: FunctionSpec): FunctionWorker => {
    const current = workers.get(spec.name);
    if (current?.alive && sameSpec(current.spec, spec)) return current;
    current?.retire();
    // The URL is only known once the gateway listens, so the environment is built per start.
    const worker = new FunctionWorker(spec, {
      deno,
      env: functionEnv(ctx.config, options.envFile),
      log: ctx.log,
    });
    workers.set(spec.name, worker);
    return worker;
  };

  return {
    async handle(req, res, path, url) {
      const name = path.split('/')[1] ?? '';
      const spec = catalog.find(name);
      if (spec === undefined) {
        req.resume();
        return sendText(res, 404, 'Function not found');
      }
      if (req.method !== 'OPTIONS' && spec.verifyJwt) {
        const refusal = await checkJwt(ctx, req, jwtCache);
        if (refusal !== undefined) {
          req.resume();
          return sendJson(res, 401, { msg: refusal });
        }
      }
      const worker = workerFor(spec);
      let port: number;
      try {
        port = await worker.ready;
      } catch (error) {
        if (workers.get(name) === worker) workers.delete(name);
        const why = error instanceof BootError ? error.message : `${name} could not start: ${String(error)}`;
        ctx.log.error(`[fn ${name}] ${why}`);
        req.resume();
        return sendJson(res, 503, { ...BOOT_ERROR, message: `${BOOT_ERROR.message}: ${why}` });
      }
      const leave = worker.enter();
      try {
        await proxy(req, res, { port, path: path + url.search, agent });
      } catch (error) {
        ctx.log.error(`[fn ${name}] request failed`, (error as Error).message);
        if (!worker.alive && workers.get(name) === worker) workers.delete(name);
        if (res.headersSent) res.destroy();
        else sendJson(res, 500, WORKER_ERROR);
      } finally {
        leave();
      }
    },
    async close() {
      stopWatching();
      const stopping = [...workers.values()].map((worker) => worker.stop());
      workers.clear();
      await Promise.all(stopping);
      agent.destroy();
    },
  };
}

/**
 * The gateway's JWT check for functions with `verify_jwt = true`, with the CLI's messages:
 * a missing header, a header that is not `Bearer <token>`, or a token that fails to verify.
 * A token that verified is remembered until its `exp`, as REST does: a caller sends the same
 * token every time, and verifying it again cost a function call half a millisecond.
 */
async function checkJwt(
  ctx: StackContext,
  req: IncomingMessage,
  cache: JwtCache,
): Promise<string | undefined> {
  const header = req.headers.authorization;
  if (!header) return 'Error: Missing authorization header';
  const [scheme, token = ''] = header.split(' ');
  if (scheme !== 'Bearer') return "Error: Auth header is not 'Bearer {token}'";
  if (cache.get(token) !== undefined) return undefined;
  try {
    cache.set(token, await ctx.verifyJwt(token));
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

function sameSpec(a: FunctionSpec, b: FunctionSpec): boolean {
  return a.entrypoint === b.entrypoint && a.config === b.config;
}

function findDeno(): string {
  const local = join(REPO_ROOT, 'node_modules', '.bin', 'deno');
  return existsSync(local) ? local : 'deno';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'text/plain' });
  res.end(text);
}
