/**
 * The meals of a day on the planner (issue 20), in the order they are eaten. A planned meal is in
 * one of them (meal_planner.slot, whose check constraint lists the same four); a recipe's
 * meal_type uses the same words.
 */
export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];
