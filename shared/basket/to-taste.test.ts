import { expect, it } from 'vitest';
import { shoppingNeeds } from './needs.ts';

// fast-check found it (seed -331828858): a pantry amount was counted against a 'to taste' line.
it('a line with nothing to buy holds nothing from the pantry either', () => {
  const egg = { id: 2, name: 'egg', protein: 0, carbs: 0, fats: 0, calories: 0 };
  const [line] = shoppingNeeds(
    [
      {
        label: 'A',
        portions: null,
        recipe: {
          portions: 4,
          recipe_ingredients: [{ quantity: '0', measurements: { name: 'g' }, ingredients: egg }],
        },
      },
    ],
    [{ name: 'egg', ingredient_id: 2, quantity: 1, unit: 'g' }],
  );
  expect(line).toMatchObject({ need: 0, have: 0, buy: 0, note: 'to taste' });
});
