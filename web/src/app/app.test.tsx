import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../features/auth/store.ts';
import { connection } from '../lib/realtime.ts';
import { renderAt } from '../testing/render.tsx';
import { setStatus } from '../testing/session.ts';
import { Layout } from './app.tsx';

// The signed-in shell prefetches the recipes screen and loads the live channels' code; loading
// them first means those imports are settled before the test environment is torn down (under
// load the screen's once finished after, and the channels' did on a fresh-clone run).
beforeAll(async () => {
  await Promise.all([import('./screens/recipes.tsx'), import('./live-topics.ts')]);
});

describe('Layout', () => {
  afterEach(() => {
    connection.refreshing = false;
  });

  it('covers the page with the Refreshing... spinner while reloading after a lost connection', async () => {
    setStatus('signed-out');
    renderAt('/privacy-policy', <Layout />);
    expect(screen.queryByText('Refreshing...')).toBeNull();
    await act(async () => {
      connection.refreshing = true;
    });
    expect(screen.getByText('Refreshing...')).toBeInTheDocument();
  });

  it('asks for the second factor before anything else when the session still needs it', async () => {
    setStatus('signed-in');
    await act(async () => {
      auth.secondFactor = 'needed';
    });
    renderAt('/planner', <Layout />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await act(async () => {
      auth.secondFactor = 'ok';
    });
    expect(screen.queryByRole('heading', { name: 'Enter your code' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
