import { type ComponentType, lazy, startTransition, useEffect, useState } from 'react';
import { Spinner } from '../components/ui/spinner.tsx';

export interface LazyScreen {
  /** Fetches the screen's code (once); never rejects, so a prefetch cannot fail a page. */
  preload(): Promise<void>;
}

/**
 * A screen whose code is fetched on demand, drawn without suspending: until its code is here it
 * draws a spinner, then the screen, in a transition. With `React.lazy` alone the screen
 * suspended and its boundary showed the fallback, and React holds back the reveal of a suspended
 * boundary until 300 ms after its fallback appeared (its retry throttle): a page opening, or a
 * tap on a section, took 300 ms longer than the screen's code did.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen & { Component: ComponentType<P> } {
  let module: { default: ComponentType<P> } | undefined;
  let fetching: Promise<void> | undefined;
  const preload = () => {
    fetching ??= load().then(
      (m) => {
        module = m;
      },
      () => {
        fetching = undefined;
      },
    );
    return fetching;
  };
  // Code that failed to arrive: React.lazy fetches it again and throws what fails to the
  // nearest error boundary, as a screen that cannot load always did.
  const Unloadable = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, as the routes load (as React.lazy makes its component).
  function Component(props: P) {
    const [code, setCode] = useState<'coming' | 'here' | 'failed'>(module ? 'here' : 'coming');
    useEffect(() => {
      if (code !== 'coming') return;
      let live = true;
      void preload().then(() => {
        if (live) startTransition(() => setCode(module ? 'here' : 'failed'));
      });
      return () => {
        live = false;
      };
    }, [code]);
    if (code === 'here' && module) return <module.default {...props} />;
    return code === 'failed' ? <Unloadable {...props} /> : <Spinner />;
  }
  return { Component, preload };
}
