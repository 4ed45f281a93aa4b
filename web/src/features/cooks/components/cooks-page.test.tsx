import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cooks, resetCooks } from '../store.ts';
import { CooksPage } from './cooks-page.tsx';

// jsdom has no `showModal`, so the dialog stays closed to the accessibility tree: `hidden: true`.
const inDialog = { hidden: true } as const;

describe('CooksPage', () => {
  afterEach(() => {
    resetCooks();
    vi.restoreAllMocks();
  });

  it('asks in an in-app dialog before deleting a cook and keeps the cook on Cancel (QA 10, issue 20: 6)', async () => {
    // Loading the cooks goes to a server the unit tests do not run; the list is set below.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm');
    cooks.items = [{ id: 'c1', name: 'Alex', user_id: 'u' }] as never;
    cooks.loaded = true;
    render(<CooksPage householdId="h" />);
    fireEvent.click(await screen.findByRole('button', { name: /^Delete\s*Alex$/ }));
    const dialog = await screen.findByRole('dialog', inDialog);
    expect(dialog).toHaveTextContent('Delete Alex?This cannot be undone.');
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel', ...inDialog }));
    expect(screen.queryByRole('dialog', inDialog)).toBeNull();
    expect(cooks.items.map((c) => c.name)).toEqual(['Alex']);
  });
});
