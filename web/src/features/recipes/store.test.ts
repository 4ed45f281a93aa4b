import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../../lib/realtime.ts';
import { testRecipe } from '../../testing/recipes.ts';
import type { Recipe } from './api.ts';
import { applyRecipeChange, recipes, resetRecipes } from './store.ts';

const row = (id: string, name: string): Recipe =>
  testRecipe({ id, name, user_id: 'u', is_default: false, duration: 10 });

describe('recipes store', () => {
  afterEach(resetRecipes);

  it('applies realtime payloads, keeping the ingredient lines of an updated recipe', () => {
    recipes.items = [{ ...row('1', 'Soup'), recipe_ingredients: [{ id: 'l' } as never] }];
    const { recipe_ingredients: _, ...bare } = row('1', 'Pumpkin soup');
    applyRecipeChange({ eventType: 'UPDATE', new: bare } as unknown as Change<Recipe>);
    expect(recipes.items[0]!.name).toBe('Pumpkin soup');
    expect(recipes.items[0]!.recipe_ingredients).toHaveLength(1);
    applyRecipeChange({ eventType: 'INSERT', new: row('2', 'Stew') } as Change<Recipe>);
    applyRecipeChange({ eventType: 'DELETE', old: { id: '1' } } as Change<Recipe>);
    expect(recipes.items.map((r) => r.name)).toEqual(['Stew']);
  });
});
