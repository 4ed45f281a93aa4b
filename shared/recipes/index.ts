export { dedupeRecipes, recipeNameKey } from './dedupe.ts';
