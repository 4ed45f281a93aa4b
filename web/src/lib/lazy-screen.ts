import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a screen's props are its own (an id, a token, none).
type Screen = ComponentType<any>;

export interface LazyScreen {
  /** Fetches the screen's code (once); never rejects, so a prefetch cannot fail a page. */
  preload(): Promise<void>;
  loaded(): boolean;
}

interface LazyScreenOf<T extends Screen> extends LazyScreen {
  Component: LazyExoticComponent<T>;
}

/**
 * `React.lazy` for a screen whose code may already be here when it first renders (fetched as the
 * app started, or prefetched). Given a pending promise, React suspends on the first render even
 * if the code is a moment away, shows the fallback, and then holds the screen back until 300 ms
 * after that fallback appeared (its retry throttle): a page opening took 300 ms longer than its
 * code did. Once the code is here, the factory hands it over through a thenable that calls back
 * at once, so React takes the module in the same render, without suspending.
 */
export function lazyScreen<T extends Screen>(load: () => Promise<{ default: T }>): LazyScreenOf<T> {
  let module: { default: T } | undefined;
  let fetching: Promise<{ default: T }> | undefined;
  const fetchCode = () => {
    fetching ??= load().then((m) => {
      module = m;
      return m;
    });
    return fetching;
  };
  return {
    Component: lazy(() => {
      const here = module;
      if (here === undefined) return fetchCode();
      // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one is settled.
      const now = { then: (resolve: (m: { default: T }) => void) => resolve(here) };
      return now as unknown as Promise<{ default: T }>;
    }),
    preload: () =>
      fetchCode().then(
        () => undefined,
        () => {
          // A failed fetch is tried again by the render that needs the screen, which reports it.
          fetching = undefined;
        },
      ),
    loaded: () => module !== undefined,
  };
}
