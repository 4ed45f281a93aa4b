export { dedupeRecipes, recipeNameKey } from './dedupe.ts';
export { MEAL_SLOTS, type MealSlot, slotFor } from './meal-slots.ts';
