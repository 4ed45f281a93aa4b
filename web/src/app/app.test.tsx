import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connection } from '../lib/realtime.ts';
import { renderAt } from '../testing/render.tsx';
import { setStatus } from '../testing/session.ts';
import { Layout } from './app.tsx';

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
});
