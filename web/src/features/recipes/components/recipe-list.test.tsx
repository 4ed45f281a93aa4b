import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRecipe } from '../../../testing/recipes.ts';
import { renderAt } from '../../../testing/render.tsx';
import { NO_FILTERS } from '../filter.ts';
import { recipes, resetRecipes } from '../store.ts';
import { RecipeList } from './recipe-list.tsx';

const soup = testRecipe({ id: 'r1', name: 'Pumpkin soup' });

describe('RecipeList on the Favourites page', () => {
  afterEach(() => {
    resetRecipes();
    recipes.pricesLoaded = false;
    vi.restoreAllMocks();
  });

  it('says there are no favourites yet and how to add one, without a Favourites only box (QA 9)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recipes.items = [soup];
    recipes.loaded = true;
    recipes.pricesLoaded = true;
    renderAt(
      '/favourites',
      <RecipeList
        favouriteIds={[]}
        initialFilters={{ ...NO_FILTERS, favouritesOnly: true }}
        favouritesPage
      />,
    );
    expect(screen.getByText('No favourites yet')).toBeInTheDocument();
    expect(screen.getByText(/Tap the heart on a recipe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse recipes' })).toHaveAttribute('href', '/recipes');
    expect(screen.queryByText('No recipes match')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Favourites only')).not.toBeInTheDocument();
    // Nothing to search or filter yet: no search box, filters or "0 recipes" over the empty state.
    expect(screen.queryByLabelText('Search recipes')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tag')).not.toBeInTheDocument();
    expect(screen.queryByText('0 recipes')).not.toBeInTheDocument();
  });

  it('keeps the Favourites only box on the Recipes page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recipes.items = [soup];
    recipes.loaded = true;
    recipes.pricesLoaded = true;
    renderAt('/recipes', <RecipeList favouriteIds={[]} />);
    expect(screen.getByLabelText('Favourites only')).toBeInTheDocument();
  });
});
