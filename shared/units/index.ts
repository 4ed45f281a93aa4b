export { AU_MEASURE_ML, US_MEASURE_ML } from './data/usda.ts';
export { DEFAULT_UNIT_FACTORS, PACK_MEASURE_FACTORS } from './factors.ts';
export { nameKey } from './ingredient-names.ts';
export { preferredUnits } from './preferred-units.ts';
export { allProfiles, DEFAULT_PROFILE, type IngredientProfile, ingredientProfile } from './profiles.ts';
export { gramsPerUnit, type OwnWeights, toGrams } from './to-grams.ts';
export { canonicalUnit } from './unit-spellings.ts';
