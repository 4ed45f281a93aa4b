/**
 * Runs `start` once the browser is idle (at the latest after `timeout` ms; at once, in a new task,
 * where it cannot tell idleness) and returns what stops it, whether it has started yet or not.
 * For work a page needs soon but not for its first screen: the live channels, the service
 * worker, code for the next screen.
 */
export function whenIdle(start: () => (() => void) | undefined, timeout = 2000): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  const run = () => {
    if (!stopped) stop = start();
  };
  const cancel =
    typeof requestIdleCallback === 'function'
      ? (
          (id) => () =>
            cancelIdleCallback(id)
        )(requestIdleCallback(run, { timeout }))
      : (
          (id) => () =>
            clearTimeout(id)
        )(setTimeout(run, 0));
  return () => {
    stopped = true;
    cancel();
    stop?.();
  };
}

/**
 * For a screen opening on data a store may already hold: `read` now when the store has none
 * (`loaded` false), else once the browser is idle. Data already read is kept current by the
 * live channels, so the screen shows it at once, and the read again (for anything sent while no
 * channel was open, and for midnight) stays out of the opening's frame. Returns what cancels a
 * read not yet started.
 */
export function readNowOrWhenIdle(loaded: boolean, read: () => void): () => void {
  if (!loaded) {
    read();
    return () => undefined;
  }
  return whenIdle(() => {
    read();
    return undefined;
  });
}
