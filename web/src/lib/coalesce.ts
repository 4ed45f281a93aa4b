/**
 * One run at a time: a call while one is in flight (an early load, a realtime change) runs once
 * more after it, so what it loads is never older than the last call.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let inflight: Promise<void> | null = null;
  let again = false;
  return () => {
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
}
