export { dedupeRecipes, recipeNameKey } from './dedupe.ts';
export { MEAL_SLOTS, type MealSlot } from './meal-slots.ts';
