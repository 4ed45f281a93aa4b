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
