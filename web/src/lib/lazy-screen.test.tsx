import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.ts';

function Fallback({ seen }: { seen: string[] }) {
  seen.push('fallback');
  return <p>Loading</p>;
}

const code = () => Promise.resolve({ default: () => <h1>The screen</h1> });

/** Draws the screen under a Suspense boundary; returns what the boundary's fallback saw. */
function draw(lazily: ReturnType<typeof lazyScreen>): string[] {
  const seen: string[] = [];
  render(
    <Suspense fallback={<Fallback seen={seen} />}>
      <lazily.Component />
    </Suspense>,
  );
  return seen;
}

describe('lazyScreen', () => {
  it('draws a screen whose code is here on its first render, never its fallback', async () => {
    const lazily = lazyScreen(code);
    await lazily.preload();
    expect(lazily.loaded()).toBe(true);
    const seen = draw(lazily);
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('suspends a screen whose code is not here yet, then draws it', async () => {
    const lazily = lazyScreen(code);
    expect(draw(lazily)).toContain('fallback');
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(lazily.loaded()).toBe(true);
  });

  it('fetches the code once, and again after a failed fetch', async () => {
    let fetches = 0;
    const lazily = lazyScreen(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(new Error('offline')) : code();
    });
    await expect(lazily.preload()).resolves.toBeUndefined();
    expect(lazily.loaded()).toBe(false);
    await act(() => Promise.all([lazily.preload(), lazily.preload()]));
    expect(fetches).toBe(2);
    expect(lazily.loaded()).toBe(true);
  });
});
