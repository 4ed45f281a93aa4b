export {
  type ChainCost,
  type CookableRecipe,
  type PantryIndex,
  pantryIndex,
  type RecipeCoverage,
  recipeCoverage,
  type Staple,
  whatCanICook,
} from './coverage.ts';
export { basketLeftovers, type Leftover, type LeftoverSuggestion, leftoverSuggestions } from './leftovers.ts';
export { type ToUseSoon, toUseSoon, usesUp } from './use-soon.ts';
