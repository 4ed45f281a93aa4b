import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRecipe } from '../../../testing/recipes.ts';
import { renderAt } from '../../../testing/render.tsx';
import { shoppingLinesOf } from '../recipe-lines.ts';
import { recipes, resetRecipes } from '../store.ts';
import { RecipeDetail } from './recipe-detail.tsx';

const soup = testRecipe({
  id: 'r1',
  name: 'Pumpkin soup',
  user_id: 'u',
  is_default: false,
  recipe_ingredients: [
    {
      id: 'l1',
      ingredient_id: 7,
      quantity: '500',
      position: 0,
      note: null,
      measurements: { name: 'g' },
      ingredients: { id: 7, name: 'pumpkin', protein: 1, carbs: 7, fats: 0, calories: 30 },
    },
  ],
});

describe('RecipeDetail', () => {
  afterEach(() => {
    resetRecipes();
    vi.restoreAllMocks();
  });

  it('gives the actions the scale of the portions on screen, so the shopping list gets them (QA 3)', () => {
    // Prices come from a server the unit tests do not run; the page shows that and goes on.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recipes.items = [soup];
    recipes.loaded = true;
    let added: ReturnType<typeof shoppingLinesOf> = [];
    renderAt(
      '/recipes/r1',
      <RecipeDetail
        id="r1"
        actions={(scale) => (
          <button type="button" onClick={() => (added = shoppingLinesOf(soup, scale))}>
            Add to shopping list
          </button>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More portions' }));
    fireEvent.click(screen.getByRole('button', { name: 'More portions' }));
    expect(screen.getByRole('spinbutton', { name: 'Portions' })).toHaveValue(4);
    fireEvent.click(screen.getByRole('button', { name: 'Add to shopping list' }));
    expect(added).toEqual([{ name: 'pumpkin', ingredient_id: 7, quantity: 1000, unit: 'g' }]);
  });

  it('shows where an imported recipe came from, and its text lines as text not counted (issue 24)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recipes.items = [
      {
        ...soup,
        source_url: 'https://cooks.example/soup',
        source_author: 'A. Cook',
        import_source: 'web',
        import_source_id: 'https://cooks.example/soup',
        text_lines: ['<b>a good handful</b> of love'],
      },
    ];
    recipes.loaded = true;
    renderAt('/recipes/r1', <RecipeDetail id="r1" />);
    expect(screen.getByText('By A. Cook')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'From cooks.example' })).toHaveAttribute(
      'href',
      'https://cooks.example/soup',
    );
    // Markup in an imported line is shown as the characters it is, never made into elements.
    expect(screen.getByText('<b>a good handful</b> of love')).toBeInTheDocument();
    expect(
      screen.getByText('This line is kept as text: not counted in nutrition or price.'),
    ).toBeInTheDocument();
    // Nutrition counts the pumpkin alone: 500 g at 30 kcal per 100 g over 2 portions.
    expect(screen.getAllByText(/75/).length).toBeGreaterThan(0);
  });
});
