import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render.tsx';
import { showToast, TOAST_MS, Toaster, toasts } from './toast.tsx';

describe('Toaster (issue 15: 8)', () => {
  afterEach(() => {
    toasts.items = [];
    vi.useRealTimers();
  });

  it('dismisses a success toast once the person moves to another page; an error stays to be read', async () => {
    const { location } = renderAt('/pantry', <Toaster />);
    await act(async () => {
      showToast('Profile saved.', 'success');
      showToast('Flour could not be removed.', 'error');
    });
    expect(screen.getByText('Profile saved.')).toBeInTheDocument();
    await act(async () => location.navigate('/recipes'));
    expect(screen.queryByText('Profile saved.')).toBeNull();
    expect(screen.getByText('Flour could not be removed.')).toBeInTheDocument();
  });

  it('keeps the toast a screen shows right after navigating there', async () => {
    const { location } = renderAt('/recipes/new', <Toaster />);
    await act(async () => {
      location.navigate('/recipes/r1');
      showToast('Recipe saved.', 'success');
    });
    expect(screen.getByText('Recipe saved.')).toBeInTheDocument();
  });

  it('goes by itself after a few seconds', async () => {
    vi.useFakeTimers();
    renderAt('/pantry', <Toaster />);
    await act(async () => showToast('Added to your existing flour: now 1.5 kg.', 'success'));
    expect(screen.getByRole('status')).toHaveTextContent('now 1.5 kg');
    await act(async () => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers an action beside the message, e.g. Undo after a delete; choosing it runs once and dismisses (issue 20: 6)', async () => {
    const run = vi.fn();
    renderAt('/pantry', <Toaster />);
    await act(async () => showToast('Deleted Flour.', 'info', { label: 'Undo', run }));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Deleted Flour.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Deleted Flour.')).toBeNull();
  });
});
