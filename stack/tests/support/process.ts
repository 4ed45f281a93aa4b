import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../src/config.ts';

export interface StackProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** `npm run stack` as a separate process on a free port, so a test can kill it outright. */
export async function startStackProcess(args: string[], env: Record<string, string>): Promise<StackProcess> {
  // node itself, not the tsx wrapper (which would outlive a SIGKILL sent to it in a child).
  const child = spawn(process.execPath, ['--import', 'tsx', 'stack/src/main.ts', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const fields: Record<string, string> = {};
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the stack did not start in 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code} before starting`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^\s*(API URL|anon key|service_role key):\s*(\S+)/.exec(line);
      if (match) fields[match[1]!] = match[2]!;
      if (fields['API URL'] && fields['anon key'] && fields['service_role key']) {
        clearTimeout(timer);
        resolve({
          child,
          url: fields['API URL'],
          anonKey: fields['anon key'],
          serviceRoleKey: fields['service_role key'],
        });
      }
    });
    child.stderr!.resume();
  });
}

/** Kills the process with SIGKILL and waits until it is gone. */
export async function killHard(stack: StackProcess): Promise<void> {
  const exited = new Promise((resolve) => stack.child.once('exit', resolve));
  if (stack.child.exitCode === null && stack.child.signalCode === null) {
    stack.child.kill('SIGKILL');
    await exited;
  }
}
