import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyPriceRecord } from '../../../../../shared/pricing/types.ts';
import { testRecipe } from '../../../testing/recipes.ts';
import { renderAt } from '../../../testing/render.tsx';
import type { PriceRecord } from '../api.ts';
import { recipeViews } from '../derive.ts';
import { RecipeCard } from './recipe-card.tsx';

const butter = testRecipe({
  id: 'r1',
  name: 'Buttered toast',
  recipe_ingredients: [
    {
      id: 'l1',
      ingredient_id: 7,
      quantity: '100',
      position: 1,
      note: null,
      measurements: { name: 'g' },
      ingredients: { id: 7, name: 'butter', protein: 1, carbs: 0, fats: 81, calories: 717 },
    },
  ],
});
const record = (isSample: boolean): PriceRecord => ({
  ...emptyPriceRecord(),
  ingredient_id: 7,
  coles_measure: '250g',
  coles_unit_price_current: 4,
  coles_unit_price_past: 4,
  is_sample: isSample,
});

function cardWith(isSample: boolean) {
  const [view] = recipeViews([butter], new Map([[7, record(isSample)]]));
  renderAt('/recipes', <RecipeCard view={view!} />);
}

describe('RecipeCard price (issue 18: 6)', () => {
  it('says "sample prices" beside a price worked out from sample data', () => {
    cardWith(true);
    expect(screen.getByRole('list', { name: 'Price per portion' })).toHaveTextContent('Coles');
    expect(screen.getByText('sample prices')).toBeInTheDocument();
  });

  it('has no label once the ingredient is priced from an imported feed', () => {
    cardWith(false);
    expect(screen.getByRole('list', { name: 'Price per portion' })).toHaveTextContent('Coles');
    expect(screen.queryByText('sample prices')).toBeNull();
  });
});
