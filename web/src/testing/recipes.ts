import type { Recipe } from '../features/recipes/api.ts';

/** A recipe row for tests: a default recipe of 2 portions, 30 minutes, no lines, unless `fields` say otherwise. */
export function testRecipe(fields: Partial<Recipe> & Pick<Recipe, 'id' | 'name'>): Recipe {
  return {
    user_id: null,
    household_id: null,
    photo_path: null,
    is_default: true,
    portions: 2,
    duration: 30,
    description: null,
    steps: [],
    meal_type: null,
    tags: [],
    source_url: null,
    source_author: null,
    import_source: null,
    import_source_id: null,
    text_lines: [],
    recipe_ingredients: [],
    ...fields,
  };
}
