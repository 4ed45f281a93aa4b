/**
 * One run at a time: a call while one is in flight (an early load, a realtime change) runs once
 * more after it, so what it loads is never older than the last call.
 */
export function coalesced(run: () => Promise<void>): Coalesced {
  let inflight: Promise<void> | null = null;
  let again = false;
  const call = () => {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = (async () => {
      do {
        again = false;
        await run();
      } while (again);
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  };
  return Object.assign(call, { joined: () => inflight ?? call() });
}

/**
 * A coalesced run. Calling it asks for data as of now (a run in flight runs once more after);
 * `joined()` asks only for data: a run in flight serves it, else one starts.
 */
export interface Coalesced {
  (): Promise<void>;
  joined(): Promise<void>;
}
