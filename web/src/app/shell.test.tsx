import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../testing/render.tsx';
import { fakeSession } from '../testing/session.ts';
import { SignedInShell } from './shell.tsx';

describe('SignedInShell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts Cooks in the phone navigation with the other sections (QA 11)', () => {
    // The shell's loads go to a server the unit tests do not run.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = renderAt(
      '/cooks',
      <SignedInShell user={fakeSession().user}>
        <p>page</p>
      </SignedInShell>,
    );
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    const cooks = within(sections).getByRole('link', { name: 'Cooks' });
    expect(cooks).toHaveAttribute('href', '/cooks');
    expect(cooks).toHaveAttribute('aria-current', 'page');
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Recipes', 'Favourites', 'Planner', 'Cooks', 'Pantry', 'Shopping']);
    unmount();
  });
});
