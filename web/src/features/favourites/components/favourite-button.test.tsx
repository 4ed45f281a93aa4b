import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favourites, resetFavourites } from '../store.ts';
import { FavouriteButton } from './favourite-button.tsx';

describe('FavouriteButton', () => {
  afterEach(() => {
    resetFavourites();
    vi.restoreAllMocks();
  });

  it('shows the favourite at once, then rolls back when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<FavouriteButton userId="u" recipeId="r1" recipeName="Pumpkin soup" />);
    const button = screen.getByRole('button', { name: 'Add Pumpkin soup to favourites' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(favourites.ids).toContain('r1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Pumpkin soup to favourites' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(console.error).toHaveBeenCalled();
  });
});
