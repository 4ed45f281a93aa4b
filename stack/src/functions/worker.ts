import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../log.ts';
import type { FunctionSpec } from './config.ts';

const BOOTSTRAP = join(dirname(fileURLToPath(import.meta.url)), 'deno-bootstrap.js');
const READY_MARKER = '__LARDER_FUNCTION_READY__';
/** Nothing is downloaded at start (npm imports come from node_modules), so a start takes about a second. */
const BOOT_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 2_000;

/** Thrown when a function cannot start: Supabase answers such calls 503 BOOT_ERROR. */
export class BootError extends Error {
  override readonly name = 'BootError';
}

export interface WorkerOptions {
  deno: string;
  env: Record<string, string>;
  log: Logger;
}

/** One Deno process serving one function on a loopback port. */
export class FunctionWorker {
  readonly ready: Promise<number>;
  private readonly child: ChildProcess;
  private exited = false;
  private inFlight = 0;
  private retiring = false;
  private readonly exitPromise: Promise<void>;

  constructor(
    readonly spec: FunctionSpec,
    options: WorkerOptions,
  ) {
    const started = performance.now();
    // Hosted Supabase lets a function import from any URL; Deno 2 asks for that explicitly.
    const args = [
      'run',
      '--no-prompt',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      '--allow-import',
    ];
    // `npm:` imports resolve from the node_modules that `npm install` filled (Deno's "bring your
    // own node_modules"), so a function starts with no network; deno.json stays as deployed.
    args.push('--node-modules-dir=manual');
    args.push(`--allow-write=${options.env.TMPDIR ?? '/tmp'}`);
    if (spec.config === undefined) args.push('--no-config');
    else if (isDenoConfig(spec.config)) args.push(`--config=${spec.config}`);
    else args.push('--no-config', `--import-map=${spec.config}`);
    args.push(BOOTSTRAP);
    this.child = spawn(options.deno, args, {
      cwd: dirname(spec.entrypoint),
      env: { ...options.env, LARDER_FUNCTION_ENTRY: pathToFileURL(spec.entrypoint).href },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const prefix = `[fn ${spec.name}]`;
    const stderr: string[] = [];
    this.exitPromise = new Promise((resolve) => {
      this.child.once('exit', () => {
        this.exited = true;
        resolve();
      });
    });
    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${spec.name} did not start serving within ${BOOT_TIMEOUT_MS / 1000} s`));
        this.child.kill('SIGKILL');
      }, BOOT_TIMEOUT_MS);
      createInterface({ input: this.child.stdout! }).on('line', (line) => {
        if (line.startsWith(READY_MARKER)) {
          clearTimeout(timer);
          options.log.info(`${prefix} started in ${(performance.now() - started).toFixed(0)} ms`);
          resolve(Number(line.slice(READY_MARKER.length).trim()));
        } else options.log.info(`${prefix} ${line}`);
      });
      createInterface({ input: this.child.stderr! }).on('line', (line) => {
        if (stderr.length < 50) stderr.push(line);
        options.log.warn(`${prefix} ${line}`);
      });
      this.child.once('error', (error) => {
        clearTimeout(timer);
        reject(new BootError(`could not run Deno (${options.deno}): ${error.message}`));
      });
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const reason = bootFailureReason(stderr) ?? `it exited (${signal ?? `code ${code}`}) before serving`;
        reject(new BootError(`${spec.name} could not start: ${reason}`));
      });
    });
    // The rejection is observed by callers of `ready`; this keeps an unobserved one quiet.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.exited && !this.retiring;
  }

  /** Counts a request against this worker, so a restart lets it finish first. */
  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      if (this.retiring && this.inFlight === 0) void this.stop();
    };
  }

  /** Stops taking new requests and stops once the ones in flight are answered. */
  retire(): void {
    this.retiring = true;
    if (this.inFlight === 0) void this.stop();
  }

  async stop(): Promise<void> {
    this.retiring = true;
    if (this.exited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exitPromise;
    clearTimeout(timer);
  }
}

/**
 * Deno's start-up error in one line a person can act on: what could not be fetched or found,
 * and the likely cause. Undefined when Deno printed no error we recognise.
 */
export function bootFailureReason(stderr: readonly string[]): string | undefined {
  const text = stderr.join('\n');
  const url = /error sending request for url \((\S+?)\)/.exec(text)?.[1];
  if (url !== undefined) {
    const what = downloadName(url);
    if (/invalid peer certificate|UnknownIssuer|certificate/i.test(text)) {
      return `cannot download ${what}: the server's certificate is not trusted (a proxy with its own certificate authority? name its file in DENO_CERT)`;
    }
    return what === url
      ? `cannot download ${url} — no network?`
      : `cannot download ${what} (${url}) — no network?`;
  }
  const missing =
    /Could not find "([^"]+)" in a node_modules folder/.exec(text)?.[1] ??
    /Could not find a matching package for 'npm:((?:@[^/@']+\/)?[^@']+)/.exec(text)?.[1];
  if (missing !== undefined) {
    return `${missing} is not in node_modules at the version deno.json names — run npm install (and keep deno.json's version equal to package.json's)`;
  }
  const error = stderr.find((line) => /^(error|Uncaught|\S*Error)\b/.test(line.trim()));
  return error?.trim();
}

/** An npm registry address names a package (`…/@scope%2fname`); any other URL stands for itself. */
function downloadName(url: string): string {
  try {
    const { pathname } = new URL(url);
    const name = decodeURIComponent(pathname.replace(/^\/+/, ''));
    const isModule = /\.(m?[jt]sx?|json)$/.test(name);
    return !isModule && /^(@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : url;
  } catch {
    return url;
  }
}

function isDenoConfig(path: string): boolean {
  return /deno\.jsonc?$/.test(path);
}
