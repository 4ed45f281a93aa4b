export { type Measures, type ParsedLine, parseIngredientLine } from './ingredient-line.ts';
export {
  type IngredientIndex,
  type IngredientMatch,
  indexIngredients,
  type KnownIngredient,
  matchIngredient,
} from './match.ts';
export {
  fromSchemaOrg,
  type ImportedRecipe,
  isoDurationMinutes,
  plainText,
  recipesInPage,
} from './schema-org.ts';
