import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen.tsx';

function Fallback({ seen }: { seen: string[] }) {
  seen.push('fallback');
  return <p>Suspended</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

const code = () => Promise.resolve({ default: ({ name }: { name: string }) => <h1>{name}</h1> });

/** Draws the screen under a Suspense boundary; returns what the boundary's fallback saw. */
function draw(lazily: ReturnType<typeof lazyScreen<{ name: string }>>): string[] {
  const seen: string[] = [];
  render(
    <Boundary>
      <Suspense fallback={<Fallback seen={seen} />}>
        <lazily.Component name="The screen" />
      </Suspense>
    </Boundary>,
  );
  return seen;
}

describe('lazyScreen', () => {
  it('draws a screen whose code is here on its first render', async () => {
    const lazily = lazyScreen(code);
    await lazily.preload();
    const seen = draw(lazily);
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('draws a spinner until the code is here, then the screen, without suspending', async () => {
    const lazily = lazyScreen(code);
    const seen = draw(lazily);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // A suspended screen's fallback would have held it back until 300 ms after it appeared.
    expect(seen).toEqual([]);
  });

  it('fetches the code once, and again after a failed fetch', async () => {
    let fetches = 0;
    const lazily = lazyScreen<{ name: string }>(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(new Error('offline')) : code();
    });
    await expect(lazily.preload()).resolves.toBeUndefined();
    await Promise.all([lazily.preload(), lazily.preload()]);
    expect(fetches).toBe(2);
    draw(lazily);
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeInTheDocument();
  });

  it('hands code that cannot be fetched to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lazily = lazyScreen<{ name: string }>(() =>
      Promise.reject(new Error('Gone with the last release')),
    );
    draw(lazily);
    expect(await screen.findByRole('alert')).toHaveTextContent('Gone with the last release');
    await act(async () => undefined);
    vi.restoreAllMocks();
  });
});
