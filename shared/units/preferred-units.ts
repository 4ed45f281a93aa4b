import { ingredientProfile } from './profiles.ts';

/**
 * Preferred display units of an ingredient, most preferred first (spec 9 "Preferred display
 * units are listed per ingredient": oil → `['tbsp', 'cup', 'mL']`, milk and water →
 * `['cup', 'mL', 'L']`). Names are matched as {@link toGrams} matches them. Ingredients without a
 * listing get units from what the tables know of them: a per-item weight → `['piece', 'g']`,
 * a cup weight → `['cup', 'tbsp', 'tsp', 'g']`, a teaspoon weight → `['tsp', 'tbsp', 'cup']`,
 * otherwise
 * `['g', 'kg']`. Always a new, non-empty array of canonical unit names.
 */
export function preferredUnits(name: string): string[] {
  return [...ingredientProfile(name).preferred];
}
