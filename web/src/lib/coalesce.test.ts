import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce.ts';

/** A run that counts its starts and finishes when the test says so. */
function gatedRun() {
  const gates: (() => void)[] = [];
  let runs = 0;
  const run = coalesced(
    () =>
      new Promise<void>((resolve) => {
        runs++;
        gates.push(resolve);
      }),
  );
  const finishAll = async () => {
    for (let i = 0; i < 10 && gates.length > 0; i++) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { run, runs: () => runs, finishAll };
}

describe('coalesced', () => {
  it('runs once more after the run in flight when called during it, so what it loads is not older than the call', async () => {
    const { run, runs, finishAll } = gatedRun();
    const first = run();
    const second = run();
    const third = run();
    await finishAll();
    await Promise.all([first, second, third]);
    expect(runs()).toBe(2);
  });

  it('joined() shares the run in flight instead of running again', async () => {
    const { run, runs, finishAll } = gatedRun();
    const first = run();
    const joined = run.joined();
    await finishAll();
    await Promise.all([first, joined]);
    expect(runs()).toBe(1);
  });

  it('joined() starts a run when none is in flight', async () => {
    const { run, runs, finishAll } = gatedRun();
    const joined = run.joined();
    await finishAll();
    await joined;
    expect(runs()).toBe(1);
  });
});
