import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cooks, resetCooks } from '../store.ts';
import { CooksPage } from './cooks-page.tsx';

describe('CooksPage', () => {
  afterEach(() => {
    resetCooks();
    vi.restoreAllMocks();
  });

  it('asks before deleting a cook and keeps the cook when the user says no (QA 10)', async () => {
    // Loading the cooks goes to a server the unit tests do not run; the list is set below.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    cooks.items = [{ id: 'c1', name: 'Alex', user_id: 'u' }] as never;
    cooks.loaded = true;
    render(<CooksPage householdId="h" />);
    fireEvent.click(await screen.findByRole('button', { name: /^Delete\s*Alex$/ }));
    expect(confirm).toHaveBeenCalledWith('Delete Alex? This cannot be undone.');
    expect(cooks.items.map((c) => c.name)).toEqual(['Alex']);
  });
});
