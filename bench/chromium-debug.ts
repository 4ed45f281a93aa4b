import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const STOP_GRACE_MS = 5_000;

/** Headless Chromium with a remote-debugging port and a throwaway profile (what Lighthouse drives). */
export interface DebuggableChromium {
  port: number;
  profile: string;
  /**
   * The DevTools endpoint's address, once Chromium says it is listening (on stderr, as it does
   * before it accepts a connection); rejects if it exits first or has not said so in time.
   */
  listening: Promise<string>;
  /** Stops the browser and every process it started, then removes the profile; never throws. */
  stop(): Promise<void>;
}

export function startDebuggableChromium(port: number): DebuggableChromium {
  const profile = mkdtempSync(join(tmpdir(), 'larder-lh-'));
  // Its own process group, so the helpers it forks (renderers, crashpad) stop with it: one of
  // them still writing into the profile made removing it fail with ENOTEMPTY.
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const listening = devToolsAddress(chrome);
  // Callers await it; one stopped before it settled has no use for the rejection.
  listening.catch(() => undefined);
  return {
    port,
    profile,
    listening,
    stop: () => stopAndRemove(chrome, profile),
  };
}

/** A loaded machine can take many seconds to start Chromium; a broken one never will. */
const LISTEN_TIMEOUT_MS = 60_000;

function devToolsAddress(chrome: ChildProcess): Promise<string> {
  let said = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`Chromium did not open its debugging port in ${LISTEN_TIMEOUT_MS} ms:\n${said}`)),
      LISTEN_TIMEOUT_MS,
    );
    // Read to the end either way: a full pipe would stall Chromium's logging, and Chromium with it.
    chrome.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-4000);
      const address = /DevTools listening on (ws:\/\/\S+)/.exec(said)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    });
    chrome.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${signal ?? code}) before opening its debugging port:\n${said}`));
    });
  });
}

/**
 * Stops a process started with `detached: true` together with everything it forked, then removes
 * the folder they wrote to. Never throws.
 */
export async function stopAndRemove(child: ChildProcess, dir: string): Promise<void> {
  await stopGroup(child);
  removeQuietly(dir);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
  // Helpers outlive the main process by a moment; the group's stragglers are told to go too.
  signal('SIGKILL');
}

/** Clean-up must never fail a measurement: a profile that resists removal is left with a warning. */
function removeQuietly(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`left the temporary Chromium profile ${dir}: ${(error as Error).message}`);
  }
}
