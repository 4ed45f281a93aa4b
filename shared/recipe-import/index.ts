export { isoDurationMinutes } from './duration.ts';
export { type Measures, type ParsedLine, parseIngredientLine } from './ingredient-line.ts';
export {
  type IngredientIndex,
  type IngredientMatch,
  indexIngredients,
  type KnownIngredient,
  matchIngredient,
} from './match.ts';
export { plainText } from './plain-text.ts';
export { fromSchemaOrg, type ImportedRecipe, recipesInPage } from './schema-org.ts';
